"""The web room: everything that serves the lessons and lays out their pages.

- :mod:`domeng.web.serve`: the notebooks as package data, the Voilà settings
  (one place for its flags), the tutorials each language has, ``domeng app``,
  ``play``, ``notebooks`` and ``site`` (their options live in :mod:`domeng.cli.serve`);
- :mod:`domeng.web.pages`: what each Voilà page does in its kernel, one job to a module:
  ``?lang=`` and ``?scenario=``, the language bar, the apps laid out after the page
  opens, the tutorial, play, practice and drills pages;
- ``jupyter-data/voila/templates/domeng``: the Voilà template (the lab template
  without its CDN links), found by :func:`domeng.web.serve.template_path`;
- :mod:`domeng.web.site`: the static site's build (``make site``, ``domeng site``),
  the same pages as Voici pages whose Python runs in the browser.

Importing this package loads nothing: :mod:`domeng.web.serve` needs no widget
code, :mod:`domeng.web.pages` imports the widgets (:mod:`domeng.app`), below it.
"""
