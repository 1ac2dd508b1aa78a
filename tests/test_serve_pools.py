"""The preheated pools, without a server: a page takes a pool's warmest kernel, and the
refill after a take is keep_pools' (one kernel at a time), never Voila's all-at-once."""

from __future__ import annotations

import asyncio

from ui_harness import asyncio_apart

from hordes_kit.serve.kernels import KitKernelManager

PAGE = "fantahzee_play.ipynb"


class VoilaLike(KitKernelManager):
    """What Voila's ``voila_kernel_manager_factory`` defines on its subclass: a take pops
    the pool's first task and refills with ``delay=None``."""

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):
        self.fills.append(delay)

    async def get_rendered_notebook(self, notebook_name=None, **kwargs):
        pool_item = self._pools[notebook_name].pop(0)
        content = await pool_item
        self.fill_if_needed(delay=None, notebook_name=notebook_name)
        return content["task"], [], content["kernel_id"]


def _kernel(loop, kernel_id: str, started: bool, warm: bool) -> asyncio.Future:
    """A pool's entry: a kernel starting, started and running its notebook, or warm."""
    render = loop.create_future()
    if warm:
        render.set_result(None)
    entry = loop.create_future()
    if started:
        entry.set_result({"task": render, "renderer": None, "kernel_id": kernel_id})
    return entry


def test_a_page_takes_the_warmest_kernel_and_voilas_refill_waits_for_keep_pools():
    async def visit():
        km = VoilaLike()
        km.fills = []
        loop = asyncio.get_running_loop()
        km._pools = {
            PAGE: [
                _kernel(loop, "starting", started=False, warm=False),
                _kernel(loop, "running", started=True, warm=False),
                _kernel(loop, "warm", started=True, warm=True),
            ]
        }
        # Voila's own take would wait for "starting", the oldest, however long it takes
        _task, _cache, first = await asyncio.wait_for(km.get_rendered_notebook(PAGE), 5)
        _task, _cache, second = await asyncio.wait_for(km.get_rendered_notebook(PAGE), 5)
        left = [t.done() for t in km._pools[PAGE]]
        km.fill_if_needed(delay=0, notebook_name=PAGE)  # keep_pools' own fill goes through
        return first, second, left, km.fills

    first, second, left, fills = asyncio_apart(visit)  # (a worker may have Playwright's loop)
    assert (first, second) == ("warm", "running")
    assert left == [False]  # the kernel still starting waits for the next visitor
    assert fills == [0]  # the takes asked Voila for no refill of their own
