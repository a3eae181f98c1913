"""`make run` / `make test` build .venv with any Python 3.11 or newer
(scripts/find-python, which the Makefile calls) and say what is missing
otherwise. Each test gives the script a PATH holding only the interpreters it
names; those not installed on this machine are skipped with the reason."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIND = ROOT / "scripts" / "find-python"
SH = shutil.which("sh") or "/bin/sh"
MAKE = shutil.which("make")


def real_python(minor: int) -> Path | None:
    """An installed, runnable Python 3.<minor> (pyenv shims that do not run are skipped)."""
    name = f"python3.{minor}"
    places = [
        *sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/3.{minor}*/bin/{name}"))),
        f"/usr/bin/{name}",
        f"/usr/local/bin/{name}",
        shutil.which(name) or "",
    ]
    for place in places:
        if not place or not os.access(place, os.X_OK):
            continue
        try:
            out = subprocess.run(
                [place, "-c", "import sys; print(sys.version_info[1])"],
                capture_output=True,
                text=True,
                timeout=30,
            )
        except OSError:
            continue
        if out.returncode == 0 and out.stdout.strip() == str(minor):
            return Path(place)
    return None


def need(minor: int) -> Path:
    found = real_python(minor)
    if found is None:
        pytest.skip(f"Python 3.{minor} is not installed here: its case is not tried")
    return found


def path_with(tmp_path: Path, **links: Path | str) -> str:
    """A bin directory holding only ``name -> target`` links (str: a script)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    for name, target in links.items():
        entry = bin_dir / name.replace("_", ".")
        if isinstance(target, Path):
            entry.symlink_to(target)
        else:
            entry.write_text(target)
            entry.chmod(0o755)
    return str(bin_dir)


def find(path: str, python: str = "") -> subprocess.CompletedProcess[str]:
    env = {"PATH": path, "HOME": os.environ.get("HOME", "/")}
    if python:
        env["PYTHON"] = python
    return subprocess.run([SH, str(FIND)], env=env, capture_output=True, text=True, timeout=60)


def test_python_3_12_alone_is_chosen(tmp_path: Path) -> None:
    py312 = need(12)
    path = path_with(tmp_path, python3_12=py312)
    done = find(path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{path}/python3.12"


def test_python3_may_be_any_recent_version(tmp_path: Path) -> None:
    for minor in (12, 13, 11):
        if real_python(minor) is not None:
            break
    else:
        pytest.skip("no Python 3.11-3.13 installed")
    path = path_with(tmp_path, python3=need(minor))
    done = find(path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{path}/python3"


def test_python_3_10_is_refused_with_the_reason(tmp_path: Path) -> None:
    py310 = need(10)
    done = find(path_with(tmp_path, python3=py310))
    assert done.returncode == 1 and done.stdout == ""
    assert "No usable Python 3.11 or newer" in done.stderr
    assert "python3: Python 3.10." in done.stderr and "is too old" in done.stderr
    assert "PYTHON=" in done.stderr  # how to name one


def test_nothing_on_path(tmp_path: Path) -> None:
    done = find(path_with(tmp_path))
    assert done.returncode == 1
    assert "none of python3 python3.13 python3.12 python3.11" in done.stderr


def test_a_shim_that_does_not_run_is_passed_over(tmp_path: Path) -> None:
    py311 = need(11)
    shim = "#!/bin/sh\necho 'pyenv: python3.13: command not found' >&2\nexit 127\n"
    path = path_with(tmp_path, python3_13=shim, python3_11=py311)
    done = find(path)
    assert done.returncode == 0 and done.stdout.strip() == f"{path}/python3.11"
    alone = find(path_with(tmp_path / "alone", python3_13=shim))
    assert alone.returncode == 1
    assert "python3.13 (" in alone.stderr and "does not run" in alone.stderr


def test_a_python_without_venv_support_is_refused(tmp_path: Path) -> None:
    # As on Debian without python3.12-venv: ensurepip cannot be imported.
    py312 = need(12)
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "ensurepip.py").write_text("raise ImportError('not installed')\n")
    wrapper = f'#!/bin/sh\nPYTHONPATH={hide} exec {py312} "$@"\n'
    done = find(path_with(tmp_path, python3=wrapper))
    assert done.returncode == 1
    assert "cannot create virtual environments (no ensurepip module" in done.stderr
    assert "apt install python3.12-venv" in done.stderr


def test_python_names_the_interpreter(tmp_path: Path) -> None:
    py310, py312 = need(10), need(12)
    path = path_with(tmp_path, python3_12=py312)
    assert find(path, python=str(py310)).returncode == 1  # named: no fallback
    done = find(path, python=str(py312))
    assert done.returncode == 0 and Path(done.stdout.strip()).name.startswith("python3")
    missing = find(path, python="python3.99")
    assert missing.returncode == 1 and "python3.99: not found" in missing.stderr


def project_copy(tmp_path: Path) -> Path:
    """What the make targets' Python detection reads: the Makefile and the script."""
    project = tmp_path / "project"
    (project / "scripts").mkdir(parents=True)
    for name in ("Makefile", "pyproject.toml", "scripts/find-python"):
        shutil.copy(ROOT / name, project / name)
    return project


@pytest.mark.slow  # builds a virtualenv
@pytest.mark.skipif(MAKE is None, reason="make is not installed")
def test_make_creates_the_venv_with_python_3_12(tmp_path: Path) -> None:
    """The Makefile's own detection: `make find-python` and the .venv it builds."""
    py312 = need(12)
    project = project_copy(tmp_path)
    path = path_with(tmp_path, python3_12=py312)
    env = {"PATH": path, "HOME": os.environ.get("HOME", "/")}

    def make(*args: str) -> subprocess.CompletedProcess[str]:
        assert MAKE is not None
        return subprocess.run(
            [MAKE, "-s", *args], cwd=project, env=env, capture_output=True, text=True, timeout=300
        )

    shown = make("find-python")
    assert shown.returncode == 0 and shown.stdout.strip() == f"{path}/python3.12"
    built = make(".venv/bin/python")
    assert built.returncode == 0, built.stderr
    version = subprocess.run(
        [
            str(project / ".venv" / "bin" / "python"),
            "-c",
            "import sys; print(sys.version_info[:2])",
        ],
        capture_output=True,
        text=True,
    )
    assert version.stdout.strip() == "(3, 12)"


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
def test_make_says_what_is_missing(tmp_path: Path) -> None:
    project = project_copy(tmp_path)
    assert MAKE is not None
    done = subprocess.run(
        [MAKE, "-s", "run"],
        cwd=project,
        env={"PATH": path_with(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "No usable Python 3.11 or newer" in done.stderr
    assert not (project / ".venv").exists()


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
def test_make_test_and_test_all_run_what_the_readme_says() -> None:
    """make test: lint, types, the quick tests, ARGS passed on; make test-all
    (CI's): the same checks and every test with the ci Hypothesis profile."""

    def dry(*args: str) -> str:
        assert MAKE is not None
        done = subprocess.run(
            [MAKE, "-n", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    quick = dry("test", "ARGS=-x -k bets")
    for check in ("ruff check .", "ruff format --check .", "vulture", "mypy"):
        assert check in quick, check
    assert '-m "not slow" -x -k bets' in quick
    full = dry("test-all")
    assert "HYPOTHESIS_PROFILE=ci" in full and "not slow" not in full
    assert "mypy" in full and "vulture" in full
    assert "mypy" in dry("typecheck")
    assert "make test-all" in (ROOT / ".ci" / "run").read_text()
