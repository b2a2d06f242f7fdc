using System;

namespace Eddy.PackageTests.PublicApi.Samples;

/// <summary>A readonly struct with by-reference returns, scoped and params parameters and default values.</summary>
public readonly struct ApiSampleValue : IEquatable<ApiSampleValue>
{
    private readonly int[] _items;

    public ApiSampleValue(params int[] items) => _items = items;

    public int? Optional { get; init; }

    public ref readonly int First => ref _items[0];

    public bool Equals(ApiSampleValue other) => ReferenceEquals(_items, other._items);

    public override bool Equals(object? obj) => obj is ApiSampleValue other && Equals(other);

    public override int GetHashCode() => _items.GetHashCode();

    public static int Sum(scoped ReadOnlySpan<int> values, ApiSampleKind kind = ApiSampleKind.Second, string? label = null, double scale = 1.5)
    {
        _ = label;
        var sum = (int)kind;
        foreach (var value in values)
        {
            sum += (int)(value * scale);
        }

        return sum;
    }

    public static bool operator ==(ApiSampleValue left, ApiSampleValue right) => left.Equals(right);

    public static bool operator !=(ApiSampleValue left, ApiSampleValue right) => !left.Equals(right);
}
