"""The runtime C API (``scopeir-c/Runtime.h``) from Python, through ctypes.

A :class:`Session` parses and compiles a module once; :meth:`Session.call`
then calls its function with NumPy arrays (or raw buffers) read in place,
and returns NumPy arrays that view the results' memory without a copy.

The library ``libScopeirCAPI.so`` is found, in order, at ``$SCOPEIR_LIBRARY``
(the file), in ``$SCOPEIR_BUILD_DIR/lib``, in the library directory of the
install the package came from (``cmake --install`` puts the package in
``<prefix>/python``), and in the repository's ``build/lib``.
"""

import ctypes
import os
import threading

import numpy as np

__all__ = [
    "RuntimeError",
    "LibraryNotFoundError",
    "Session",
    "Buffer",
    "find_library",
    "target_backends",
    "ELEMENT_TYPES",
]

_LIBRARY_NAME = "libScopeirCAPI.so"


class RuntimeError(Exception):  # noqa: A001 - the runtime's own error class
    """A failure reported by the runtime C API (its status message)."""


class LibraryNotFoundError(RuntimeError):
    """``libScopeirCAPI.so`` was not found (see the module's documentation)."""


# The element types of Runtime.h, in its order (the enum's values), with
# their NumPy dtypes (bf16 has none: its buffers are exchanged as uint16).
ELEMENT_TYPES = ["i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"]
_NUMPY_DTYPES = {
    "i1": np.dtype(np.bool_),
    "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
    "f16": np.dtype(np.float16),
    "bf16": np.dtype(np.uint16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
}
_ELEMENT_TYPE_OF_DTYPE = {
    np.dtype(np.bool_): "i1",
    np.dtype(np.int8): "i8",
    np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32",
    np.dtype(np.int64): "i64",
    np.dtype(np.float16): "f16",
    np.dtype(np.float32): "f32",
    np.dtype(np.float64): "f64",
}


class _BufferView(ctypes.Structure):
    _fields_ = [
        ("elementType", ctypes.c_int),
        ("rank", ctypes.c_ssize_t),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("data", ctypes.c_void_p),
    ]


def _candidates():
    package = os.path.dirname(os.path.abspath(__file__))
    if os.environ.get("SCOPEIR_LIBRARY"):
        yield os.environ["SCOPEIR_LIBRARY"]
        return
    if os.environ.get("SCOPEIR_BUILD_DIR"):
        yield os.path.join(os.environ["SCOPEIR_BUILD_DIR"], "lib", _LIBRARY_NAME)
        return
    # An install: <prefix>/python/scopeir -> <prefix>/<libdir>.
    try:
        from . import _installed
        yield os.path.join(package, _installed.LIBRARY_DIR, _LIBRARY_NAME)
    except ImportError:
        pass
    # <repo>/python/scopeir -> <repo>/build/lib (the default build).
    yield os.path.join(package, "..", "..", "build", "lib", _LIBRARY_NAME)


def find_library():
    """Returns the path of ``libScopeirCAPI.so`` or raises
    :class:`LibraryNotFoundError` listing where it looked."""
    tried = []
    for path in _candidates():
        path = os.path.normpath(path)
        if os.path.isfile(path):
            return path
        tried.append(path)
    raise LibraryNotFoundError(
        "cannot find %s (looked at %s); build scopeir, or set "
        "SCOPEIR_BUILD_DIR to its build directory or SCOPEIR_LIBRARY to the "
        "library" % (_LIBRARY_NAME, ", ".join(tried))
    )


_lib = None
_lib_lock = threading.Lock()


def _library():
    global _lib
    with _lib_lock:
        if _lib is not None:
            return _lib
        lib = ctypes.CDLL(find_library())
        P = ctypes.c_void_p
        signatures = {
            "scopeirRuntimeStatusGetMessage": (ctypes.c_char_p, [P]),
            "scopeirRuntimeStatusDestroy": (None, [P]),
            "scopeirElementTypeGetSize": (ctypes.c_size_t, [ctypes.c_int]),
            "scopeirRuntimeOptionsCreate": (P, []),
            "scopeirRuntimeOptionsDestroy": (None, [P]),
            "scopeirRuntimeOptionsSet": (P, [P, ctypes.c_char_p, ctypes.c_char_p]),
            "scopeirRuntimeSessionCreate": (
                P,
                [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, P,
                 ctypes.POINTER(P)],
            ),
            "scopeirRuntimeSessionDestroy": (None, [P]),
            "scopeirRuntimeSessionGetNumInputs": (ctypes.c_ssize_t, [P]),
            "scopeirRuntimeSessionGetNumResults": (ctypes.c_ssize_t, [P]),
            "scopeirRuntimeSessionGetWarnings": (ctypes.c_char_p, [P]),
            "scopeirRuntimeSessionCall": (
                P,
                [P, ctypes.POINTER(_BufferView), ctypes.c_ssize_t,
                 ctypes.POINTER(P), ctypes.POINTER(ctypes.c_double)],
            ),
            "scopeirRuntimeSessionResetParameters": (None, [P]),
            "scopeirRuntimeSessionFinishTrace": (P, [P]),
            "scopeirRuntimeSessionGetZoneSummary": (ctypes.c_char_p, [P]),
            "scopeirRuntimeResultsGetCount": (ctypes.c_ssize_t, [P]),
            "scopeirRuntimeResultsGet": (_BufferView, [P, ctypes.c_ssize_t]),
            "scopeirRuntimeResultsDestroy": (None, [P]),
            "scopeirRuntimeGetTargetBackends": (ctypes.c_char_p, []),
        }
        for name, (restype, argtypes) in signatures.items():
            function = getattr(lib, name)
            function.restype = restype
            function.argtypes = argtypes
        _lib = lib
        return lib


def _check(status):
    """Raises the message of a failure status (and destroys it)."""
    if not status:
        return
    lib = _library()
    message = lib.scopeirRuntimeStatusGetMessage(status).decode("utf-8", "replace")
    lib.scopeirRuntimeStatusDestroy(status)
    raise RuntimeError(message)


def target_backends():
    """Returns the names of the registered target backends."""
    text = _library().scopeirRuntimeGetTargetBackends().decode()
    return [name for name in text.split(",") if name]


class Buffer:
    """A dense row-major buffer in someone else's memory: an element type
    (``"f32"``, ...), a shape and the address of the first element.
    ``owner`` is kept alive as long as the buffer is."""

    __slots__ = ("element_type", "shape", "address", "owner")

    def __init__(self, element_type, shape, address, owner=None):
        if element_type not in ELEMENT_TYPES:
            raise ValueError("unknown element type %r" % (element_type,))
        self.element_type = element_type
        self.shape = tuple(int(d) for d in shape)
        self.address = address
        self.owner = owner

    @staticmethod
    def from_numpy(array):
        """A buffer of a NumPy array: its own memory when it is C-contiguous
        and aligned, else a contiguous copy."""
        array = np.asarray(array)
        element_type = _ELEMENT_TYPE_OF_DTYPE.get(array.dtype.newbyteorder("="))
        if element_type is None or not array.dtype.isnative:
            raise TypeError("unsupported array dtype %s" % array.dtype)
        if not (array.flags.c_contiguous and array.flags.aligned):
            array = np.ascontiguousarray(array)
        address = array.ctypes.data if array.size else _EMPTY.ctypes.data
        return Buffer(element_type, array.shape, address, array)


# A valid address for empty arrays (the C API rejects a null pointer).
_EMPTY = np.zeros(8, np.uint8)


class _Results:
    """Owns the C results object; destroyed when no array views it."""

    def __init__(self, handle):
        self.handle = handle

    def __del__(self):
        if self.handle and _lib is not None:
            _lib.scopeirRuntimeResultsDestroy(self.handle)
            self.handle = None


class _ResultArray:
    """Exposes one result to NumPy without a copy, keeping the results
    object alive while any array views it."""

    def __init__(self, results, view, dtype, shape):
        self._results = results
        self.__array_interface__ = {
            "shape": shape,
            "typestr": dtype.str,
            "data": (view.data or _EMPTY.ctypes.data, False),
            "version": 3,
        }


class Session:
    """A module compiled once by the runtime C API, callable many times.

    ``options`` are the C API's options with ``_`` for ``-``
    (``host_backend="llvm-cpu"``, ``threads=2``, ``print_zones=True``,
    ``kernel_library=[...]``); ``None`` values are skipped."""

    def __init__(self, module_text, name="<module>", **options):
        self._handle = None
        self._view_cache = None
        lib = _library()
        self._lib = lib
        handle_options = lib.scopeirRuntimeOptionsCreate()
        try:
            for key, value in options.items():
                if value is None:
                    continue
                values = value if isinstance(value, (list, tuple)) else [value]
                for item in values:
                    if isinstance(item, bool):
                        item = "true" if item else "false"
                    _check(
                        lib.scopeirRuntimeOptionsSet(
                            handle_options,
                            key.replace("_", "-").encode(),
                            str(item).encode(),
                        )
                    )
            text = module_text.encode() if isinstance(module_text, str) else module_text
            handle = ctypes.c_void_p()
            _check(
                lib.scopeirRuntimeSessionCreate(
                    text, len(text), name.encode(), handle_options,
                    ctypes.byref(handle)
                )
            )
            self._handle = handle.value
        finally:
            lib.scopeirRuntimeOptionsDestroy(handle_options)
        self.num_inputs = lib.scopeirRuntimeSessionGetNumInputs(self._handle)
        self.num_results = lib.scopeirRuntimeSessionGetNumResults(self._handle)
        self.warnings = lib.scopeirRuntimeSessionGetWarnings(self._handle).decode()

    def close(self):
        """Destroys the compiled code (results already returned stay valid)."""
        if self._handle:
            self._lib.scopeirRuntimeSessionDestroy(self._handle)
            self._handle = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _views(self, buffers):
        """The C views of `buffers`. A model's parameters are the same
        buffers in every call: the views of the last call are kept, and only
        those whose buffer changed (element type, shape or address) are
        written again (a 48-parameter encoder spent about 100 us per call
        rebuilding them: session.call's wall time less the call's own time
        went from 115 to 11 us)."""
        count = max(1, len(buffers))
        if self._view_cache is None or len(self._view_cache[1]) != count:
            self._view_cache = ((_BufferView * count)(), [None] * count, [None] * count)
        views, keys, shapes = self._view_cache
        for i, buffer in enumerate(buffers):
            key = (buffer.element_type, buffer.shape, buffer.address)
            if keys[i] == key:
                continue
            shape = (ctypes.c_int64 * max(1, len(buffer.shape)))(*buffer.shape)
            shapes[i] = shape  # kept alive as long as the view points at it
            views[i].elementType = ELEMENT_TYPES.index(buffer.element_type)
            views[i].rank = len(buffer.shape)
            views[i].shape = ctypes.cast(shape, ctypes.POINTER(ctypes.c_int64))
            views[i].data = buffer.address
            keys[i] = key
        return views

    def call(self, inputs):
        """Calls the function with ``inputs`` (NumPy arrays or
        :class:`Buffer` objects) and returns ``(results, seconds)``: NumPy
        arrays viewing the results' memory (bf16 results as uint16) and the
        wall time of the call itself."""
        if not self._handle:
            raise RuntimeError("the session is closed")
        buffers = [b if isinstance(b, Buffer) else Buffer.from_numpy(b) for b in inputs]
        views = self._views(buffers)
        results = ctypes.c_void_p()
        seconds = ctypes.c_double()
        _check(
            self._lib.scopeirRuntimeSessionCall(
                self._handle, views, len(buffers), ctypes.byref(results),
                ctypes.byref(seconds)
            )
        )
        owner = _Results(results.value)
        arrays = []
        for i in range(self._lib.scopeirRuntimeResultsGetCount(owner.handle)):
            view = self._lib.scopeirRuntimeResultsGet(owner.handle, i)
            shape = tuple(view.shape[d] for d in range(view.rank))
            dtype = _NUMPY_DTYPES[ELEMENT_TYPES[view.elementType]]
            arrays.append(np.asarray(_ResultArray(owner, view, dtype, shape)))
        return arrays, seconds.value

    def reset_parameters(self):
        """With ``prepare_parameters``: the parameter buffers were written
        since the last call, which the next call prepares again."""
        if self._handle:
            self._lib.scopeirRuntimeSessionResetParameters(self._handle)

    def finish_trace(self):
        """Writes the trace file and returns the zone summary (the table of
        ``scope-run --print-zones``; empty without ``print_zones``)."""
        _check(self._lib.scopeirRuntimeSessionFinishTrace(self._handle))
        return self._lib.scopeirRuntimeSessionGetZoneSummary(self._handle).decode()
