"""A real Dask cluster on loopback for the tests: a scheduler and two single-thread workers, as processes."""

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DASK = str(Path(sys.executable).with_name("dask"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def dask_cluster(workers: int, folder: Path) -> Iterator[str]:
    """Start ``dask scheduler`` and ``dask worker`` on 127.0.0.1; yield the scheduler's address."""
    from distributed import Client

    address = f"tcp://127.0.0.1:{free_port()}"
    common = ["--no-dashboard"]
    scheduler = subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1], *common],
                                 stdout=subprocess.DEVNULL, stderr=open(folder / "scheduler.log", "w"),  # noqa: SIM115
                                 start_new_session=True)
    worker = subprocess.Popen([DASK, "worker", address, "--host", "127.0.0.1", "--nworkers", str(workers), "--nthreads", "1",
                               "--local-directory", str(folder), *common],
                              stdout=subprocess.DEVNULL, stderr=open(folder / "workers.log", "w"),  # noqa: SIM115
                              start_new_session=True)
    try:
        with Client(address, timeout="60s") as client:
            client.wait_for_workers(workers, timeout=120)
        yield address
    finally:
        for process in (worker, scheduler):
            os.killpg(process.pid, signal.SIGTERM)
        for process in (worker, scheduler):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
