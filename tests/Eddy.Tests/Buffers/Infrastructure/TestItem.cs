namespace Eddy.Tests.Buffers.Infrastructure;

/// <summary>A struct wider than a byte that mixes a reference and values, to catch byte-count bugs.</summary>
public readonly record struct TestItem(long Id, string Name, double Weight);
