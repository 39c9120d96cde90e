"""Widget front ends (ipywidgets) for the nap_teach notebooks.

Each notebook in ``notebooks/`` holds one thin code cell that builds one of these
objects; all visible text comes from here so that it can be translated.
"""
