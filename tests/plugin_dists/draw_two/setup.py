"""Building the plugin compiles its catalogs (.po) into the .mo files that gettext reads."""

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPyWithCatalogs(build_py):
    def run(self) -> None:
        for po in Path(__file__).parent.glob("klondike_draw_two/locales/*/LC_MESSAGES/*.po"):
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parts[-3])
            with po.with_suffix(".mo").open("wb") as target:
                write_mo(target, catalog)
        self.data_files = self._get_data_files()  # now with the .mo files
        super().run()


setup(cmdclass={"build_py": BuildPyWithCatalogs})
