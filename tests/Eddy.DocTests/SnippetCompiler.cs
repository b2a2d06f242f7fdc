using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Eddy.DocTests;

/// <summary>Compiles a markdown block with Roslyn against the built Eddy assemblies and runs it.</summary>
public static class SnippetCompiler
{
    /// <summary>The usings a new console app (<c>dotnet new console</c>) has implicitly; C# 10 and later only.</summary>
    public const string ImplicitUsings = """
        global using System;
        global using System.Collections.Generic;
        global using System.IO;
        global using System.Linq;
        global using System.Net.Http;
        global using System.Threading;
        global using System.Threading.Tasks;
        """;

    private const string BlockPlaceholder = "{{block}}";

    private static readonly Lazy<ImmutableArray<MetadataReference>> s_netReferences = new(LoadNetReferences);

    public static LanguageVersion LanguageOf(MarkdownBlock block) =>
        block.Flags.FirstOrDefault(f => f.StartsWith("lang=", StringComparison.Ordinal)) is { } flag
            ? LanguageVersionFacts.TryParse(flag["lang=".Length..], out LanguageVersion version) ? version : throw new FormatException($"{block.Id}: unknown {flag}")
            : LanguageVersion.CSharp14;

    /// <summary>Builds the compilation of a block: for net10.0 with every assembly the tests load, or for
    /// netstandard2.1 against Eddy's netstandard2.1 build alone.</summary>
    public static CSharpCompilation Compile(MarkdownBlock block, bool netStandard, out int claims)
    {
        LanguageVersion language = LanguageOf(block);
        var parseOptions = new CSharpParseOptions(language);
        claims = 0;
        string code = block.Code;
        if (!block.IsPartial)
        {
            code = Claims.Insert(code, block.File, block.FenceLine + 1, parseOptions, out claims);
        }

        string located = $"#line {block.FenceLine + 1} \"{block.File}\"\n{code}\n#line default\n";
        string source = block.Context is null
            ? located
            : block.Context.Contains(BlockPlaceholder, StringComparison.Ordinal)
                ? block.Context.Replace(BlockPlaceholder, located, StringComparison.Ordinal)
                : throw new FormatException($"{block.Id}: its doc-context has no {BlockPlaceholder} line.");

        var trees = new List<SyntaxTree>
        {
            CSharpSyntaxTree.ParseText(source, parseOptions, path: block.File),
            CSharpSyntaxTree.ParseText(Claims.CheckerSource, parseOptions, path: "DocCheck.cs"),
        };
        if (language >= LanguageVersion.CSharp10 && !netStandard)
        {
            trees.Add(CSharpSyntaxTree.ParseText(ImplicitUsings, parseOptions, path: "ImplicitUsings.cs"));
        }

        bool hasTopLevelStatements = trees[0].GetRoot().DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.GlobalStatementSyntax>().Any();
        var options = new CSharpCompilationOptions(
                hasTopLevelStatements ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable,
                allowUnsafe: false)
            .WithSpecificDiagnosticOptions(new Dictionary<string, ReportDiagnostic>
            {
                // A global using the block repeats (as a console app's implicit ones): not worth a word.
                ["CS8933"] = ReportDiagnostic.Suppress,
                ["CS0105"] = ReportDiagnostic.Suppress,
            });

        return CSharpCompilation.Create(
            "DocBlock_" + block.File.Replace('/', '_').Replace('.', '_') + "_" + block.FenceLine,
            trees,
            netStandard ? NetStandardReferences() : s_netReferences.Value,
            options);
    }

    /// <summary>Errors as "README.md(81,5): error CS0103: ...", one per line; empty when it compiled.</summary>
    public static string Errors(Compilation compilation) => string.Join('\n', compilation.GetDiagnostics()
        .Where(d => d.Severity == DiagnosticSeverity.Error)
        .Select(d => d.ToString()));

    /// <summary>Emits the block and runs its entry point in an assembly load context of its own; returns what
    /// it printed and how many claims it checked. Exceptions from the block come out unwrapped.</summary>
    public static async Task<(string Output, int Checks)> RunAsync(CSharpCompilation compilation, TimeSpan timeout)
    {
        using var image = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult emitted = compilation.Emit(image);
        if (!emitted.Success)
        {
            throw new InvalidOperationException(string.Join('\n', emitted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
        }

        image.Position = 0;
        Assembly assembly = new AssemblyLoadContext(compilation.AssemblyName).LoadFromStream(image);
        MethodInfo entry = assembly.EntryPoint ?? throw new InvalidOperationException("The block has no statements to run.");

        TextWriter console = Console.Out;
        using var output = new StringWriter();
        Console.SetOut(output);
        try
        {
            object? result = entry.Invoke(null, entry.GetParameters().Length == 0 ? null : [Array.Empty<string>()]);
            if (result is Task task)
            {
                await task.WaitAsync(timeout).ConfigureAwait(false);
            }
        }
        catch (TargetInvocationException invocation) when (invocation.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(invocation.InnerException);
        }
        finally
        {
            Console.SetOut(console);
        }

        // The inserted DocCheck class counts the claims that were checked.
        return (output.ToString(), (int)assembly.GetType("DocCheck")!.GetField("Count")!.GetValue(null)!);
    }

    private static ImmutableArray<MetadataReference> LoadNetReferences()
    {
        var byName = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        string trusted = (string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!;
        foreach (string path in trusted.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
                     .Concat(Directory.GetFiles(AppContext.BaseDirectory, "*.dll")))
        {
            string name = Path.GetFileNameWithoutExtension(path);
            if (!name.StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal) && !name.StartsWith("Eddy.DocTests", StringComparison.Ordinal))
            {
                byName.TryAdd(name, path);
            }
        }

        return [.. byName.Values.Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))];
    }

    private static ImmutableArray<MetadataReference> NetStandardReferences() =>
    [
        MetadataReference.CreateFromFile(Metadata("NetStandardReference")),
        MetadataReference.CreateFromFile(Metadata("EddyNetStandardBuild")),
    ];

    private static string Metadata(string key)
    {
        string path = Path.GetFullPath(typeof(SnippetCompiler).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!);
        return File.Exists(path) ? path : throw new FileNotFoundException($"{key} is not built: build the solution first.", path);
    }
}
