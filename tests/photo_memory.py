"""What shrinking photos costs the server's memory (`schichtbuch/sharing/photos.py`), measured on demand, not under
pytest: `python tests/photo_memory.py`.

1. One decode at each format's cap: the worst picture at the cap (progressive JPEG, PNG and WebP with
   transparency) shrunk in a fresh process; printed is the growth of its peak resident memory (`VmHWM`,
   reset just before) over what it held before, which must stay under 200 MB.
2. Three phones at once: three threads of one fresh process shrink the same picture together, the 87 KB
   7000×7000 WebP of the report and a WebP at its cap; printed is the process's peak resident memory,
   which must stay under 500 MB.

Exit code 1 if a figure is over its bound. Linux only (it reads /proc/self)."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ONE_DECODE_MB = 200
THREE_PHONES_MB = 500
AT_CAP = [("JPEG", (8000, 6000), "RGB"), ("JPEG", (3199, 5001), "RGB"), ("PNG", (4472, 4472), "RGBA"),
          ("WEBP", (3162, 3162), "RGBA")]
"""The worst picture at each cap: the most pixels a format's caps let through, the costliest kind."""
THREE_PHONES = [("WEBP", (7000, 7000), "RGB"), ("WEBP", (3162, 3162), "RGBA")]


def picture(kind: str, size: tuple[int, int], mode: str) -> bytes:
    """A flat picture of `size` (lossless WebP and PNG compress it to a few KB, as a bomb would)."""
    from PIL import Image

    out = io.BytesIO()
    options = {"JPEG": {"progressive": True}, "WEBP": {"lossless": True}}.get(kind, {})
    Image.new(mode, size, (90, 120, 40, 200)[:len(mode)]).save(out, kind, **options)
    return out.getvalue()


def memory(field: str) -> int:
    """A line of /proc/self/status, in MB."""
    line = next(l for l in Path("/proc/self/status").read_text().splitlines() if l.startswith(field))
    return int(line.split()[1]) // 1024


def measure(kind: str, size: tuple[int, int], mode: str, phones: int) -> str:
    """In this process: the picture shrunk by `phones` threads at once; its growth and peak, in MB."""
    from schichtbuch.sharing import photos

    data = picture(kind, size, mode)
    Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the memory held now
    before = memory("VmRSS")
    outcomes: list[str] = []

    def shrink() -> None:
        try:
            outcomes.append(f"kept {len(photos.shrink(data)) // 1024} KB")
        except Exception as error:  # noqa: BLE001 - a refusal is an outcome to print
            outcomes.append(f"refused: {getattr(error, 'code', error)}")

    threads = [threading.Thread(target=shrink) for _ in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    peak = memory("VmHWM")
    return f"{peak - before} {peak} {len(data)} {'; '.join(sorted(set(outcomes)))}"


def run(kind: str, size: tuple[int, int], mode: str, phones: int) -> tuple[int, int, str]:
    """`measure` in a fresh process: growth and peak in MB, and what the file was and became."""
    code = f"import sys; sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / 'tests')!r}]; import photo_memory as m; " \
           f"print(m.measure({kind!r}, {size!r}, {mode!r}, {phones}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), int(out[1]), f"{int(out[2]) // 1024} KB file, " + " ".join(out[3:])


def main() -> int:
    over = False
    print(f"one decode at each cap (growth of the peak, bound {ONE_DECODE_MB} MB):")
    for kind, size, mode in AT_CAP:
        growth, peak, what = run(kind, size, mode, 1)
        over |= growth >= ONE_DECODE_MB
        print(f"  {kind:4} {size[0]}×{size[1]} {mode:4}: +{growth} MB (peak {peak} MB; {what})")
    print(f"three phones at once (peak of the process, bound {THREE_PHONES_MB} MB):")
    for kind, size, mode in THREE_PHONES:
        growth, peak, what = run(kind, size, mode, 3)
        over |= peak >= THREE_PHONES_MB
        print(f"  {kind:4} {size[0]}×{size[1]} {mode:4}: peak {peak} MB (+{growth} MB; {what})")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
