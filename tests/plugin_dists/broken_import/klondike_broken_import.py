"""A plugin that fails as it is imported, as a plugin with a missing dependency would."""

import klondike_dependency_that_is_not_installed  # type: ignore[import-not-found]  # noqa: F401
