"""clockapp runs on Windows and macOS too: its code uses nothing POSIX-only.

Most hosts' laptops run Windows or macOS. This test reads every module of `clockapp/` (tests and
benchmarks may use POSIX things; the app may not) and fails on:

- imports of modules that exist only on POSIX systems (fcntl, termios, pwd, grp, resource, ...);
- calls and constants that Windows lacks (os.fork, os.getuid, signal.SIGKILL, signal.SIGALRM,
  signal.SIGHUP, signal.alarm, time.tzset, select.poll, ...);
- hard-coded POSIX paths ('/tmp', '/dev/...', '/home/...') and paths built by joining with '/'.

A use that is guarded at run time (`if sys.platform != "win32":`) is allowed by ending its line
with a `# portable: <why>` comment, so the reason is written where it matters.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "clockapp"

POSIX_MODULES = frozenset(
    {
        "fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "posix", "crypt", "spwd",
        "syslog", "nis", "pipes", "posixpath", "readline", "curses", "ossaudiodev",
    }
)  # fmt: skip
POSIX_OS = frozenset(
    {
        "fork", "forkpty", "getuid", "geteuid", "getgid", "getegid", "getgroups", "setuid",
        "seteuid", "setgid", "setsid", "getsid", "setpgrp", "getpgrp", "getpgid", "killpg",
        "chown", "lchown", "fchown", "mkfifo", "mknod", "uname", "nice", "getloadavg", "statvfs",
        "fstatvfs", "sysconf", "pathconf", "fpathconf", "wait3", "wait4", "WNOHANG", "sync",
        "openpty", "ttyname", "ctermid", "getpriority", "setpriority", "sched_getaffinity",
        "posix_spawn", "posix_spawnp", "register_at_fork", "O_NONBLOCK", "O_NOFOLLOW", "O_SYNC",
    }
)  # fmt: skip
POSIX_SIGNAL = frozenset(
    {
        "SIGKILL", "SIGALRM", "SIGHUP", "SIGUSR1", "SIGUSR2", "SIGCHLD", "SIGPIPE", "SIGQUIT",
        "SIGSTOP", "SIGCONT", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGWINCH", "SIGVTALRM", "SIGPROF",
        "SIGIO", "SIGSYS", "SIGTRAP", "SIGURG", "SIGXCPU", "SIGXFSZ", "alarm", "setitimer",
        "getitimer", "pause", "siginterrupt", "pthread_kill", "pthread_sigmask", "sigwait",
        "sigpending", "ITIMER_REAL",
    }
)  # fmt: skip
#: Module -> names in it that Windows lacks.
BANNED = {
    "os": POSIX_OS,
    "signal": POSIX_SIGNAL,
    "time": frozenset({"tzset"}),
    "select": frozenset({"poll", "epoll", "kqueue", "devpoll"}),
    "socket": frozenset({"AF_UNIX"}),
    "shutil": frozenset({"chown"}),
}
POSIX_PATH_PREFIXES = ("/tmp", "/dev/", "/proc/", "/var/", "/etc/", "/home/", "/usr/", "/run/")


@dataclass(frozen=True)
class Finding:
    """One POSIX-only use, where it is."""

    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


class _Scanner(ast.NodeVisitor):
    def __init__(self, path: str, lines: list[str]) -> None:
        self.path = path
        self.lines = lines
        self.findings: list[Finding] = []
        self.aliases = {name: name for name in BANNED}  # local name -> module

    def _add(self, node: ast.AST, what: str) -> None:
        line = getattr(node, "lineno", 0)
        if "# portable:" in self.lines[line - 1]:
            return
        self.findings.append(Finding(self.path, line, what))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            top = alias.name.split(".")[0]
            if top in POSIX_MODULES:
                self._add(node, f"imports the POSIX-only module {alias.name}")
            if alias.name in BANNED:
                self.aliases[alias.asname or alias.name] = alias.name

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        top = (node.module or "").split(".")[0]
        if node.level == 0 and top in POSIX_MODULES:
            self._add(node, f"imports from the POSIX-only module {node.module}")
        banned = BANNED.get(node.module or "")
        for alias in node.names:
            if banned is not None and alias.name in banned:
                self._add(node, f"imports {node.module}.{alias.name}, which Windows lacks")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.value, ast.Name):
            module = self.aliases.get(node.value.id)
            banned = BANNED.get(module or "")
            if banned is not None and node.attr in banned:
                self._add(node, f"uses {module}.{node.attr}, which Windows lacks")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and node.value.startswith(POSIX_PATH_PREFIXES):
            self._add(node, f"hard-codes the POSIX path {node.value!r}")

    def visit_BinOp(self, node: ast.BinOp) -> None:
        # `folder + "/" + name`: a path joined by hand (pathlib or os.path.join works everywhere).
        if isinstance(node.op, ast.Add):
            for side in (node.left, node.right):
                if isinstance(side, ast.Constant) and side.value == "/":
                    self._add(node, "joins a path with '/' by hand")
        self.generic_visit(node)


def scan_source(source: str, path: str = "<string>") -> list[Finding]:
    """Every POSIX-only use in `source`."""
    scanner = _Scanner(path, source.splitlines())
    scanner.visit(ast.parse(source, filename=path))
    return scanner.findings


@pytest.mark.slow
def test_clockapp_uses_nothing_posix_only() -> None:
    findings = []
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50
    for module in modules:
        relative = module.relative_to(PACKAGE.parent).as_posix()
        findings += scan_source(module.read_text(encoding="utf-8"), relative)
    assert not findings, "POSIX-only code in clockapp:\n" + "\n".join(map(str, findings))


@pytest.mark.parametrize(
    ("source", "what"),
    [
        ("import fcntl", "imports the POSIX-only module fcntl"),
        ("from pwd import getpwuid", "imports from the POSIX-only module pwd"),
        ("import resource as r", "imports the POSIX-only module resource"),
        ("import os\nos.fork()", "uses os.fork, which Windows lacks"),
        ("import os as o\no.getuid()", "uses os.getuid, which Windows lacks"),
        ("from os import getuid", "imports os.getuid, which Windows lacks"),
        ("import signal\nsignal.signal(signal.SIGHUP, print)", "uses signal.SIGHUP"),
        ("import signal\nsignal.alarm(3)", "uses signal.alarm, which Windows lacks"),
        ("import os, signal\nos.kill(1, signal.SIGKILL)", "uses signal.SIGKILL"),
        ("from signal import SIGALRM", "imports signal.SIGALRM, which Windows lacks"),
        ("import time\ntime.tzset()", "uses time.tzset, which Windows lacks"),
        ("path = '/tmp/clockapp.db'", "hard-codes the POSIX path '/tmp/clockapp.db'"),
        ("path = folder + '/' + name", "joins a path with '/' by hand"),
    ],
)
def test_the_scanner_catches(source: str, what: str) -> None:
    findings = scan_source(source)
    assert findings
    assert what in str(findings[0])


@pytest.mark.parametrize(
    "source",
    [
        "import os\nos.path.join(folder, name)",
        "import signal\nsignal.signal(signal.SIGINT, handler)",
        "import signal\nsignal.SIGTERM",
        "from pathlib import Path\nPath(folder) / 'x.db'",
        "url = f'sqlite:///{path}'",
        "if sys.platform != 'win32':\n    import fcntl  # portable: guarded by the platform test",
        "ratio = a / b",
    ],
)
def test_the_scanner_allows(source: str) -> None:
    assert scan_source(source) == []
