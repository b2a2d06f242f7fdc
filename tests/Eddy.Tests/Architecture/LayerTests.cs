using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;

namespace Eddy.Tests.Architecture;

/// <summary>
/// Eddy's namespaces stack: Internal and Lifetime → Pooling → Buffers → Streams (namespace Eddy) →
/// Binary → Diagnostics, observing those below, and FileBuffering and Pipelines on top, applications of the rest. A namespace may use its own layer and the layers below it.
/// Four graphs are checked: the IL of the net10.0 and the netstandard2.1 Eddy.dll (IL bodies included, so a fully
/// qualified name cannot hide an edge), and the sources of both builds bound by Roslyn, which see what leaves no
/// token in the IL (attribute arguments, constants, enum values, nameof) and types in the global namespace.
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
        ["Eddy.FileBuffering"] = 6,
        ["Eddy.Pipelines"] = 6,
    };

    private static readonly Dictionary<string, Lazy<NamespaceGraph>> s_graphs = new(StringComparer.Ordinal)
    {
        ["IL net10.0"] = new(() => NamespaceGraph.Read(typeof(PooledMemoryStream).Assembly)),
        ["IL netstandard2.1"] = new(() => NamespaceGraph.Read(NetStandardAssemblyPath())),
        ["sources net8.0/net10.0"] = new(() => NamespaceGraph.ReadSources(EddyTarget.NetCoreApp)),
        ["sources netstandard2.1"] = new(() => NamespaceGraph.ReadSources(EddyTarget.NetStandard)),
    };

    // A type of a high layer that no planted file of a low one can be allowed to see; planted beside the users.
    private const string PlantedTarget = """
        namespace Eddy.Diagnostics;
        internal static class PlantedTarget
        {
            public const int Value = 1;
            public enum Kind { First }
        }
        """;

    public static TheoryData<string> Graphs() => [.. s_graphs.Keys];

    [Theory]
    [MemberData(nameof(Graphs))]
    public void Every_namespace_of_Eddy_has_a_layer(string graphName)
    {
        var graph = s_graphs[graphName].Value;
        var unknown = UnlayeredNamespaces(graph);

        Assert.True(unknown.Count == 0, $"Give these namespaces a layer in {nameof(LayerTests)}: {string.Join(", ", unknown)}\n{graph.Describe()}");
    }

    [Theory]
    [MemberData(nameof(Graphs))]
    public void No_namespace_uses_a_layer_above_it(string graphName)
    {
        var graph = s_graphs[graphName].Value;
        var upward = graph.Edges.Keys.Where(IsUpward).ToList();

        Assert.True(
            upward.Count == 0,
            "References up a layer: " + string.Join(", ", upward.Select(e => $"{e.From} -> {e.To}")) + "\n"
            + "The graph (!! up a layer):\n"
            + graph.Describe((from, to) => IsUpward((from, to)) ? "!! " : "   "));
    }

    [Fact]
    public void The_source_graph_sees_the_real_code_s_edges()
    {
        // The streams use the pools and the buffers; if binding failed, the source graph would be empty and pass.
        var graph = s_graphs["sources net8.0/net10.0"].Value;

        Assert.Contains(("Eddy", "Eddy.Pooling"), graph.Edges.Keys);
        Assert.Contains(("Eddy", "Eddy.Buffers"), graph.Edges.Keys);
        Assert.Contains(("Eddy.FileBuffering", "Eddy"), graph.Edges.Keys);
        Assert.Contains(("Eddy.Pipelines", "Eddy.Pooling"), graph.Edges.Keys);
        Assert.Contains("Eddy.Diagnostics", graph.DeclaredNamespaces);
    }

    [Theory]
    [InlineData("an attribute argument", "[System.Diagnostics.DebuggerTypeProxy(typeof(Eddy.Diagnostics.PlantedTarget))] internal sealed class PlantedUser { }")]
    [InlineData("a constant", "internal static class PlantedUser { public const int Copy = Eddy.Diagnostics.PlantedTarget.Value; }")]
    [InlineData("an enum value", "internal static class PlantedUser { public static int Read() => (int)Eddy.Diagnostics.PlantedTarget.Kind.First; }")]
    [InlineData("nameof", "internal static class PlantedUser { public static string Name() => nameof(Eddy.Diagnostics.PlantedTarget); }")]
    [InlineData("nameof a member", "internal static class PlantedUser { public static string Name() => nameof(Eddy.Diagnostics.PlantedTarget.Value); }")]
    public void A_planted_upward_reference_is_found(string kind, string user)
    {
        var graph = NamespaceGraph.ReadSources(
            EddyTarget.NetCoreApp,
            ("Internal/PlantedUser.cs", "namespace Eddy.Internal;\n" + user),
            ("Diagnostics/PlantedTarget.cs", PlantedTarget));

        Assert.True(graph.Edges.Keys.Any(IsUpward), $"{kind} made no upward edge:\n{graph.Describe()}");
        Assert.Contains(("Eddy.Internal", "Eddy.Diagnostics"), graph.Edges.Keys);
    }

    [Fact]
    public void A_planted_type_in_the_global_namespace_is_found()
    {
        var graph = NamespaceGraph.ReadSources(EddyTarget.NetCoreApp, ("Internal/PlantedGlobal.cs", "internal static class PlantedGlobal { }"));

        Assert.Contains(NamespaceGraph.GlobalNamespace, UnlayeredNamespaces(graph));
    }

    [Fact]
    public void A_planted_upward_reference_in_a_netstandard_file_is_found_in_that_build_only()
    {
        (string, string)[] planted =
        [
            ("Internal/PlantedUser.netstandard.cs", "namespace Eddy.Internal;\ninternal static class PlantedUser { public const int Copy = Eddy.Diagnostics.PlantedTarget.Value; }"),
            ("Diagnostics/PlantedTarget.cs", PlantedTarget),
        ];

        Assert.Contains(("Eddy.Internal", "Eddy.Diagnostics"), NamespaceGraph.ReadSources(EddyTarget.NetStandard, planted).Edges.Keys);
        Assert.DoesNotContain(("Eddy.Internal", "Eddy.Diagnostics"), NamespaceGraph.ReadSources(EddyTarget.NetCoreApp, planted).Edges.Keys);
    }

    [Theory]
    [InlineData("Eddy.Internal", "Eddy.Pooling")]
    [InlineData("Eddy.Lifetime", "Eddy.Diagnostics")]
    [InlineData("Eddy.Pooling", "Eddy.Diagnostics")]
    [InlineData("Eddy.Buffers", "Eddy")]
    [InlineData("Eddy", "Eddy.Binary")]
    [InlineData("Eddy", "Eddy.FileBuffering")]
    [InlineData("Eddy.Diagnostics", "Eddy.Pipelines")]
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

    private static List<string> UnlayeredNamespaces(NamespaceGraph graph) =>
        graph.Edges.Keys.SelectMany(e => new[] { e.From, e.To })
            .Concat(graph.DeclaredNamespaces)
            .Where(n => (n.StartsWith("Eddy", StringComparison.Ordinal) || n == NamespaceGraph.GlobalNamespace) && !s_layers.ContainsKey(n))
            .Distinct()
            .ToList();

    private static string NetStandardAssemblyPath() =>
        typeof(LayerTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "EddyNetStandardAssembly").Value!;

    private static bool IsUpward((string From, string To) edge) =>
        s_layers.TryGetValue(edge.From, out int from) && s_layers.TryGetValue(edge.To, out int to) && to > from;
}
