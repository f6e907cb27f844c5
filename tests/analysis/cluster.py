"""A real Dask cluster on loopback for the tests: a scheduler and single-thread workers, as processes."""

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

DASK = str(Path(sys.executable).with_name("dask"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def dask_cluster(workers: int, folder: Path) -> Iterator[str]:
    """Start ``dask scheduler`` and ``dask worker`` on 127.0.0.1; yield the scheduler's address."""
    from distributed import Client

    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    commands = [
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        [DASK, "worker", address, "--host", "127.0.0.1", "--nworkers", str(workers), "--nthreads", "1",
         "--local-directory", str(folder), "--no-dashboard"],
    ]
    with ExitStack() as files:
        processes = []
        try:
            for command in commands:
                log = files.enter_context(open(folder / f"{command[1]}.log", "w"))
                processes.append(subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True))
            with Client(address, timeout="60s") as client:
                client.wait_for_workers(workers, timeout=120)
            yield address
        finally:
            for process in reversed(processes):
                os.killpg(process.pid, signal.SIGTERM)
            for process in reversed(processes):
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
