"""The pages: what each Voilà page does in its kernel, one job to a module.

- :mod:`~domeng.web.pages.query`: what a page's address asks for (``?lang=``,
  ``?scenario=``, ``?s=``), and waiting for it in a preheated kernel;
- :mod:`~domeng.web.pages.addresses`: where the pages are: relative links between
  them, and the bar of a page's languages;
- :mod:`~domeng.web.pages.later`: apps laid out after the page opens, one at a time,
  and the signal that says it has;
- :mod:`~domeng.web.pages.tutorial`: the tutorial's top, the lesson its link opens,
  its last cell;
- :mod:`~domeng.web.pages.play`, :mod:`~domeng.web.pages.practice`,
  :mod:`~domeng.web.pages.drills`: the play, practice and drills pages.

They stand on the widgets (:mod:`domeng.app`), a floor below; importing this package
loads nothing.
"""
