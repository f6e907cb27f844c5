"""Gettext catalogs: ``<lang>/LC_MESSAGES/game.po`` for the desktop game, ``site.po`` for the site."""
