using System;
using System.Linq;
using Eddy.PackageTests.PublicApi.Samples;

namespace Eddy.PackageTests.PublicApi;

/// <summary>The listing shows what a caller can reach, in C#-like syntax, and hides the rest.</summary>
public class PublicApiListingTests
{
    private const string Prefix = "Eddy.PackageTests.PublicApi.Samples.";

    [Fact]
    public void Listing_of_the_samples_is_exact_and_sorted()
    {
        var lines = PublicApiListing.Build(typeof(ApiSampleBase).Assembly)
            .Where(l => l.StartsWith(Prefix, StringComparison.Ordinal))
            .Select(l => l.Replace(Prefix, "", StringComparison.Ordinal))
            .ToArray();

        string[] expected =
        [
            "ApiSampleBase (public abstract class)",
            "ApiSampleBase :: protected .ctor()",
            "ApiSampleBase :: protected virtual void OnChanged()",
            "ApiSampleBase :: public abstract System.ReadOnlySpan<byte> Read(in int start, out int read, ref long total)",
            "ApiSampleBase :: public const long Limit = 42",
            "ApiSampleBase :: public event System.EventHandler<System.EventArgs>? Changed",
            "ApiSampleBase :: public int this[int index] { get; }",
            "ApiSampleBase :: public static readonly string? Fallback",
            "ApiSampleBase :: public virtual string Name { get; protected set; }",
            "ApiSampleBase.Nested (public sealed class) : ApiSampleBase",
            "ApiSampleBase.Nested :: public .ctor()",
            "ApiSampleBase.Nested :: public override System.ReadOnlySpan<byte> Read(in int start, out int read, ref long total)",
            "ApiSampleBase.Nested :: public override string Name { get; }",
            "ApiSampleCallback<T, TResult> (public delegate) TResult? (T value) where T : unmanaged where TResult : class",
            "ApiSampleExtensions (public static class)",
            "ApiSampleExtensions :: public static TItem[] Repeat<TItem>(this TItem item, int count) where TItem : struct, System.IComparable<TItem>",
            "ApiSampleExtensions :: public static TList Fresh<TList>() where TList : class, System.Collections.Generic.ICollection<int>, new()",
            "ApiSampleKind (public enum) : byte",
            "ApiSampleKind :: First = 1",
            "ApiSampleKind :: Second = 2",
            "ApiSampleRef (public ref struct)",
            "ApiSampleRef :: [Obsolete] public readonly int Count()",
            "ApiSampleRef :: public .ctor(System.Span<byte> bytes)",
            "ApiSampleRef :: public int Length { readonly get; }",
            "ApiSampleRef :: public void Clear()",
            "ApiSampleValue (public readonly struct) : System.IEquatable<ApiSampleValue>",
            "ApiSampleValue :: public .ctor(params int[] items)",
            "ApiSampleValue :: public bool Equals(ApiSampleValue other)",
            "ApiSampleValue :: public int? Optional { get; init; }",
            "ApiSampleValue :: public override bool Equals(object? obj)",
            "ApiSampleValue :: public override int GetHashCode()",
            "ApiSampleValue :: public ref readonly int First { get; }",
            "ApiSampleValue :: public static bool op_Equality(ApiSampleValue left, ApiSampleValue right)",
            "ApiSampleValue :: public static bool op_Inequality(ApiSampleValue left, ApiSampleValue right)",
            "ApiSampleValue :: public static int Sum(scoped System.ReadOnlySpan<int> values, ApiSampleKind kind = (ApiSampleKind)2, string? label = null, double scale = 1.5)",
        ];
        // A sealed type's protected members are unreachable, so Nested lists neither OnChanged nor Name's setter.
        Assert.Equal(string.Join("\n", expected.Order(StringComparer.Ordinal)), string.Join("\n", lines));
    }
}
