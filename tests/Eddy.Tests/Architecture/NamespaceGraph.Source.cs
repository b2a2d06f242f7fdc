using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Eddy.Tests.Shared;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Eddy.Tests.Architecture;

/// <summary>The build of Eddy whose source files a source graph compiles: each leaves out the other's target-specific files.</summary>
public enum EddyTarget
{
    /// <summary>net8.0 and net10.0: every file but the X.netstandard.cs ones.</summary>
    NetCoreApp,

    /// <summary>netstandard2.1: every file but the X.netcoreapp.cs ones.</summary>
    NetStandard,
}

// The source side: what the compiled IL cannot show. A constant, an enum value or a nameof is folded into a literal,
// and a typeof in an attribute argument is only a string in a blob, so none of them leaves a token in the IL.
public sealed partial class NamespaceGraph
{
    /// <summary>The name given to the global namespace, so that a type declared or used there shows as a namespace without a layer.</summary>
    public const string GlobalNamespace = "<global>";

    private static readonly string s_sourceRoot = RepositoryRoot.Combine("src", "Eddy");

    private static readonly CSharpParseOptions s_parseOptions = new(LanguageVersion.Latest);

    // Parsed once for every graph: src/Eddy's files, named by their path under src/Eddy.
    private static readonly Lazy<List<SyntaxTree>> s_sourceTrees = new(() => Directory
        .EnumerateFiles(s_sourceRoot, "*.cs", SearchOption.AllDirectories)
        .Where(p => !IsBuildOutput(p))
        .Select(p => CSharpSyntaxTree.ParseText(File.ReadAllText(p), s_parseOptions, Path.GetRelativePath(s_sourceRoot, p)))
        .ToList());

    // The running runtime's assemblies stand in for either target's references: only names that bind to Eddy's own
    // declarations make edges, and those bind the same whatever the BCL version.
    private static readonly Lazy<List<MetadataReference>> s_references = new(() => ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
        .Split(Path.PathSeparator)
        .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
        .ToList());

    private readonly HashSet<string> _declaredNamespaces = new(StringComparer.Ordinal);

    /// <summary>The namespaces the sources declare top-level types in (source graphs only; the IL graph leaves this empty).</summary>
    public IReadOnlyCollection<string> DeclaredNamespaces => _declaredNamespaces;

    /// <summary>
    /// The namespace graph of src/Eddy's sources for <paramref name="target"/>, bound by Roslyn: every name in the
    /// code (attribute arguments, constants, enum values and nameof included) that binds to a type or member declared
    /// in those sources makes an edge, and so does every type declared in the global namespace.
    /// <paramref name="extraFiles"/> (file name, text) are compiled with them, as if they were in src/Eddy; when there are
    /// any, only they are walked for edges (binding every file takes seconds).
    /// </summary>
    public static NamespaceGraph ReadSources(EddyTarget target, params (string Name, string Text)[] extraFiles)
    {
        string excluded = target == EddyTarget.NetCoreApp ? ".netstandard.cs" : ".netcoreapp.cs";
        var extraTrees = extraFiles
            .Select(f => CSharpSyntaxTree.ParseText(f.Text, s_parseOptions, f.Name))
            .Where(t => !t.FilePath.EndsWith(excluded, StringComparison.Ordinal))
            .ToList();
        var trees = s_sourceTrees.Value.Where(t => !t.FilePath.EndsWith(excluded, StringComparison.Ordinal)).Concat(extraTrees).ToList();
        var compilation = CSharpCompilation.Create(
            "Eddy",
            trees,
            s_references.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true, nullableContextOptions: NullableContextOptions.Enable));

        var graph = new NamespaceGraph();
        foreach (var tree in extraFiles.Length > 0 ? extraTrees : trees)
        {
            var model = compilation.GetSemanticModel(tree);
            foreach (var declaration in tree.GetRoot().DescendantNodes().OfType<BaseTypeDeclarationSyntax>())
            {
                var type = model.GetDeclaredSymbol(declaration);
                if (type is not null && type.ContainingType is null)
                {
                    graph._declaredNamespaces.Add(NamespaceOf(type));
                }
            }

            foreach (var name in tree.GetRoot().DescendantNodes().OfType<SimpleNameSyntax>())
            {
                var info = model.GetSymbolInfo(name);

                // nameof(Method) binds to a method group: its candidates name the member all the same.
                var symbols = info.Symbol is not null ? [info.Symbol] : info.CandidateSymbols;
                foreach (var symbol in symbols)
                {
                    if (OutermostType(TypeOf(symbol)) is { } used && SymbolEqualityComparer.Default.Equals(used.ContainingAssembly, compilation.Assembly)
                        && OutermostType(model.GetEnclosingSymbol(name.SpanStart)) is { } user)
                    {
                        graph.Add(NamespaceOf(user), user.Name, NamespaceOf(used), used.Name + " (" + tree.FilePath + ")");
                    }
                }
            }
        }

        return graph;
    }

    private static bool IsBuildOutput(string path)
    {
        string relative = Path.GetRelativePath(s_sourceRoot, path).Replace('\\', '/');
        return relative.StartsWith("bin/", StringComparison.Ordinal) || relative.StartsWith("obj/", StringComparison.Ordinal)
            || relative.Contains("/bin/", StringComparison.Ordinal) || relative.Contains("/obj/", StringComparison.Ordinal);
    }

    /// <summary>The type a bound name stands for or belongs to: the type itself, or the type declaring the member.</summary>
    private static INamedTypeSymbol? TypeOf(ISymbol symbol) => symbol switch
    {
        INamedTypeSymbol type => type.OriginalDefinition,
        IMethodSymbol { ReducedFrom: { } extension } => extension.ContainingType,
        IFieldSymbol or IMethodSymbol or IPropertySymbol or IEventSymbol => symbol.ContainingType?.OriginalDefinition,
        _ => null,
    };

    private static INamedTypeSymbol? OutermostType(ISymbol? symbol)
    {
        var type = symbol as INamedTypeSymbol ?? symbol?.ContainingType;
        while (type?.ContainingType is not null)
        {
            type = type.ContainingType;
        }

        return type;
    }

    private static string NamespaceOf(INamedTypeSymbol type) =>
        type.ContainingNamespace.IsGlobalNamespace ? GlobalNamespace : type.ContainingNamespace.ToDisplayString();
}
