namespace Eddy.Internal;

/// <summary>Array operations and limits; the target-specific ones are in ArrayAccess.netcoreapp.cs and ArrayAccess.netstandard.cs.</summary>
internal static partial class ArrayAccess
{
    /// <summary>
    /// The longest array .NET allocates for one-byte elements (<c>Array.MaxLength</c>, which netstandard2.1 lacks): the
    /// limit of every array Eddy sizes, whatever the element type, so that the bound is the same everywhere.
    /// </summary>
    public const int MaxLength = 0x7FFFFFC7;
}
