"""Tools over the model: mutation testing and the hypothesis flow between lemmas."""
