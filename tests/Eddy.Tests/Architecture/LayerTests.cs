using System;
using System.Collections.Generic;
using System.Linq;

namespace Eddy.Tests.Architecture;

/// <summary>
/// Eddy's namespaces stack: Internal (with the lifetime layer) → Pooling → Buffers → Streams (namespace Eddy) →
/// Binary, and Diagnostics above them all, observing. A namespace may use its own layer and the layers below it.
/// The graph is read from the built Eddy.dll, IL bodies included, so a fully qualified name cannot hide an edge.
/// </summary>
public class LayerTests
{
    /// <summary>The layer of each namespace of Eddy.dll, lowest first.</summary>
    private static readonly Dictionary<string, int> s_layers = new(StringComparer.Ordinal)
    {
        ["Eddy.Internal"] = 0,
        ["Eddy.Lifetime"] = 0,
        ["Eddy.Pooling"] = 1,
        ["Eddy.Buffers"] = 2,
        ["Eddy"] = 3,
        ["Eddy.Streams"] = 3,
        ["Eddy.Binary"] = 4,
        ["Eddy.Diagnostics"] = 5,
    };

    /// <summary>
    /// Today's references that go up a layer, each with why it exists. The list only shrinks: an edge that
    /// disappears must leave it (the test fails until it does), and no edge may join it.
    /// </summary>
    private static readonly Dictionary<(string From, string To), string> s_knownViolations = new()
    {
        [("Eddy.Internal", "Eddy.Pooling")] = "DefaultPool<T> hands out BlockPool.Shared as the default byte pool.",
        [("Eddy.Pooling", "Eddy.Diagnostics")] = "BlockPool registers with PoolMetrics; the self-returning pool reports to LeakTracker and keeps a RescueRegistry.",
        [("Eddy.Buffers", "Eddy.Diagnostics")] = "SegmentedBuffer<T> holds the stream's RescueGuard and is the IRescuable it rescues.",
        [("Eddy", "Eddy.Diagnostics")] = "PooledMemoryStream arms a RescueGuard so a stream that is never disposed still returns its chunks.",
    };

    [Fact]
    public void Every_namespace_of_Eddy_has_a_layer()
    {
        var graph = NamespaceGraph.Read(typeof(PooledMemoryStream).Assembly);
        var unknown = graph.Edges.Keys.SelectMany(e => new[] { e.From, e.To })
            .Where(n => n.StartsWith("Eddy", StringComparison.Ordinal) && !s_layers.ContainsKey(n))
            .Distinct()
            .ToList();

        Assert.True(unknown.Count == 0, $"Give these namespaces a layer in {nameof(LayerTests)}: {string.Join(", ", unknown)}\n{graph.Describe()}");
    }

    [Fact]
    public void No_namespace_uses_a_layer_above_it_beyond_the_known_violations()
    {
        var graph = NamespaceGraph.Read(typeof(PooledMemoryStream).Assembly);
        var upward = graph.Edges.Keys.Where(IsUpward).ToHashSet();

        var added = upward.Where(e => !s_knownViolations.ContainsKey(e)).ToList();
        var gone = s_knownViolations.Keys.Where(e => !upward.Contains(e)).ToList();

        Assert.True(
            added.Count == 0 && gone.Count == 0,
            (added.Count > 0 ? "New references up a layer: " + string.Join(", ", added.Select(e => $"{e.From} -> {e.To}")) + "\n" : "")
            + (gone.Count > 0 ? $"Fixed, so remove from {nameof(s_knownViolations)}: " + string.Join(", ", gone.Select(e => $"{e.From} -> {e.To}")) + "\n" : "")
            + "The graph (! up a layer, known; !! up a layer, new):\n"
            + graph.Describe((from, to) => !IsUpward((from, to)) ? "   " : s_knownViolations.ContainsKey((from, to)) ? " ! " : "!! "));
    }

    [Fact]
    public void The_graph_sees_references_made_only_inside_method_bodies()
    {
        // ThrowHelper is a static class: other namespaces reach it only through calls in method bodies, never
        // through a field, a signature or a base type. If the IL walk broke, these uses would vanish.
        var graph = NamespaceGraph.Read(typeof(PooledMemoryStream).Assembly);

        var callers = graph.Edges.Where(e => e.Key.To == "Eddy.Internal" && e.Value.Any(u => u.EndsWith("-> ThrowHelper", StringComparison.Ordinal)));

        Assert.True(callers.Count() >= 3, graph.Describe());
    }

    private static bool IsUpward((string From, string To) edge) =>
        s_layers.TryGetValue(edge.From, out int from) && s_layers.TryGetValue(edge.To, out int to) && to > from;
}
