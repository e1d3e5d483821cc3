"""The static-site build, in the web room beside the Voilà pages: ``domeng.web.site``.

``make site`` runs ``domeng/web/site/build.py`` from a checkout; an installed Domeng
builds its own static site the same way (``domeng site DEST``,
:func:`domeng.web.serve.build_site`). Besides the build's modules (``build.py``,
``static_pages.py``, ``pyodide_lock.py``) the folder holds their data, shipped as
package data: the pins (``requirements-*.txt``, ``constraints-build.txt``), the page
script ``query.js``, the compiler ``py_compile.mjs`` and the front page ``index.html``.
"""
