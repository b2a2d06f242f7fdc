using System;

namespace Eddy.PackageTests.PublicApi.Samples;

/// <summary>A ref struct (which the compiler marks [Obsolete] for old compilers) with an obsolete member.</summary>
public ref struct ApiSampleRef
{
    private Span<byte> _bytes;

    public ApiSampleRef(Span<byte> bytes) => _bytes = bytes;

    public readonly int Length => _bytes.Length;

    [Obsolete("Use Length.")]
    public readonly int Count() => _bytes.Length;

    public void Clear() => _bytes = default;
}
