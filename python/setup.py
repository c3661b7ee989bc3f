"""Builds the Go library into the package before setuptools copies it:
go build -buildmode=c-shared, from the module this folder belongs to. It
needs Go and a C compiler; the Go module proxy is the only network used."""

import os
import subprocess
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
LIB = {"darwin": "libtabletop_rules.dylib", "win32": "tabletop_rules.dll"}.get(sys.platform, "libtabletop_rules.so")


class BuildWithGo(build_py):
    def run(self) -> None:
        out = HERE / "tabletop_rules" / LIB
        env = dict(os.environ, CGO_ENABLED="1")
        subprocess.run(["go", "build", "-buildmode=c-shared", "-trimpath", "-o", str(out), "./capi"],
                       cwd=HERE, env=env, check=True)
        out.with_suffix(".h").unlink(missing_ok=True)  # the C header: not needed by ctypes
        super().run()


class NativeDistribution(Distribution):
    """The package carries a native library: its wheel is tagged for the
    platform it was built on, not as pure Python."""

    def has_ext_modules(self) -> bool:
        return True


setup(cmdclass={"build_py": BuildWithGo}, distclass=NativeDistribution)
