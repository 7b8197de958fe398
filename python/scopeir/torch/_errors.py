"""The exceptions of scopeir.torch (re-exported by the package)."""


class ScopeirError(Exception):
    """Base class of every error scopeir.torch raises on purpose."""


class UnsupportedError(ScopeirError):
    """An aten op, a module or a use of one that the importer cannot emit.

    ``op`` is the aten op (``aten.grid_sampler_2d.default``) or what else is
    unsupported, ``module`` the qualified name of the innermost module
    calling it (``""`` for the model's own ``forward``), ``source`` the
    model's source line (``file.py:123``) when FX recorded one, ``reason``
    why."""

    def __init__(self, op, module="", source=None, reason=""):
        self.op = op
        self.module = module
        self.source = source
        self.reason = reason
        where = "in module '%s'" % module if module else "in the model's forward"
        text = "unsupported: %s %s" % (op, where)
        if source:
            text += " (%s)" % source
        if reason:
            text += ": %s" % reason
        super().__init__(text)


class AnnotationError(ScopeirError):
    """An annotation (placement, strategy, kernel, zone option) that cannot
    be honoured; the message names the module."""


class CaptureError(ScopeirError):
    """Capturing the model failed (its forward raised while traced, or its
    graph changes with the batch size under ``dynamic_batch``)."""


class CompileError(ScopeirError):
    """The emitted module did not compile; the message holds the compiler's
    diagnostics."""


class InternalError(ScopeirError):
    """A bug of the importer (an inconsistency it detected itself)."""
