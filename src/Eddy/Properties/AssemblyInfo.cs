using System.Runtime.CompilerServices;

// Pooled buffers are overwritten before they are read; skipping the zero-init of stackalloc and locals
// keeps the hot paths free of work nobody needs.
[module: SkipLocalsInit]
