using System;
using System.Collections.Generic;
using System.Linq;

namespace Eddy.Tests.Architecture;

/// <summary>
/// Eddy's namespaces stack: Internal and Lifetime → Pooling → Buffers → Streams (namespace Eddy) →
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
        ["Eddy.Binary"] = 4,
        ["Eddy.Diagnostics"] = 5,
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
    public void No_namespace_uses_a_layer_above_it()
    {
        var graph = NamespaceGraph.Read(typeof(PooledMemoryStream).Assembly);
        var upward = graph.Edges.Keys.Where(IsUpward).ToList();

        Assert.True(
            upward.Count == 0,
            "References up a layer: " + string.Join(", ", upward.Select(e => $"{e.From} -> {e.To}")) + "\n"
            + "The graph (!! up a layer):\n"
            + graph.Describe((from, to) => IsUpward((from, to)) ? "!! " : "   "));
    }

    [Theory]
    [InlineData("Eddy.Internal", "Eddy.Pooling")]
    [InlineData("Eddy.Lifetime", "Eddy.Diagnostics")]
    [InlineData("Eddy.Pooling", "Eddy.Diagnostics")]
    [InlineData("Eddy.Buffers", "Eddy")]
    [InlineData("Eddy", "Eddy.Binary")]
    public void An_edge_to_a_higher_layer_counts_as_upward(string from, string to)
    {
        Assert.True(IsUpward((from, to)));
        Assert.False(IsUpward((to, from)));
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
