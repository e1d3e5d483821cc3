"""The static-site build, also shipped inside the package as ``domeng.site``.

``pyproject.toml`` maps this folder to the package ``domeng.site``, so an
installed Domeng can build its own static site (``domeng site DEST``), as
``make site`` does from a checkout. This file makes that mapping an ordinary
package, which an editable install can find.
"""
