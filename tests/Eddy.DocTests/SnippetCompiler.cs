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

    private static readonly Lazy<ImmutableArray<MetadataReference>> s_net8References = new(LoadNet8References);

    /// <summary>The lowest C# version a block promises: its <c>lang=N</c> flag, or C# 12 (.NET 8's default).</summary>
    public static LanguageVersion LanguageOf(MarkdownBlock block) =>
        block.Flags.FirstOrDefault(f => f.StartsWith("lang=", StringComparison.Ordinal)) is { } flag
            ? LanguageVersionFacts.TryParse(flag["lang=".Length..], out LanguageVersion version) ? version : throw new FormatException($"{block.Id}: unknown {flag}")
            : LanguageVersion.CSharp12;

    /// <summary>Every build a block is compiled for: the newest C# against net10.0; its lowest C# against
    /// net8.0 (against net10.0 when it is marked <c>net10.0</c>); and, marked <c>netstandard2.1</c>, its lowest C#
    /// against Eddy's netstandard2.1 build.</summary>
    public static IEnumerable<DocTarget> TargetsOf(MarkdownBlock block)
    {
        LanguageVersion newest = LanguageVersion.Latest.MapSpecifiedToEffectiveVersion();
        LanguageVersion lowest = LanguageOf(block).MapSpecifiedToEffectiveVersion();
        yield return new DocTarget(DocFramework.Net10, newest);
        if (!block.HasFlag("net10.0"))
        {
            yield return new DocTarget(DocFramework.Net8, lowest);
        }
        else if (lowest != newest)
        {
            yield return new DocTarget(DocFramework.Net10, lowest);
        }

        if (block.HasFlag("netstandard2.1"))
        {
            yield return new DocTarget(DocFramework.NetStandard21, lowest);
        }
    }

    /// <summary>Builds the compilation of a block for one target: net10.0 with every assembly the tests load,
    /// net8.0 against its reference pack and Eddy's net8.0 builds, or netstandard2.1 against Eddy's netstandard2.1
    /// build alone.</summary>
    public static CSharpCompilation Compile(MarkdownBlock block, DocTarget target, out int claims)
    {
        LanguageVersion language = target.Language;
        bool netStandard = target.Framework == DocFramework.NetStandard21;
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
            "DocBlock_" + block.File.Replace('/', '_').Replace('.', '_') + "_" + block.FenceLine + "_" + target.Framework + "_" + target.Language,
            trees,
            target.Framework switch
            {
                DocFramework.NetStandard21 => NetStandardReferences(),
                DocFramework.Net8 => s_net8References.Value,
                _ => s_netReferences.Value,
            },
            options);
    }

    /// <summary>Errors as "README.md(81,5): error CS0103: ...", one per line; empty when it compiled.</summary>
    public static string Errors(Compilation compilation) => string.Join('\n', compilation.GetDiagnostics()
        .Where(d => d.Severity == DiagnosticSeverity.Error)
        .Select(d => d.ToString()));

    /// <summary>Emits the block and runs its entry point in an assembly load context of its own; returns what
    /// it printed, how many claims it checked, the first claim that failed, and the messages of the exceptions
    /// its <c>throws</c> claims saw. Exceptions from the block come out unwrapped.</summary>
    public static async Task<DocRun> RunAsync(CSharpCompilation compilation, TimeSpan timeout)
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
        Type check = assembly.GetType("DocCheck")!;
        return new DocRun(
            output.ToString(),
            (int)check.GetField("Count")!.GetValue(null)!,
            (string?)check.GetField("Failure")!.GetValue(null),
            [.. (List<string>)check.GetField("Messages")!.GetValue(null)!]);
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

    // .NET 8's reference pack (the newest 8.0 one restored), Eddy's net8.0 builds and the extension packages'
    // net8.0 (or netstandard2.0) assemblies: what a net8.0 console app that adds the four packages compiles against.
    private static ImmutableArray<MetadataReference> LoadNet8References()
    {
        string packs = Path.Combine(Metadata("NuGetPackageRoot"), "microsoft.netcore.app.ref");
        string pack = Directory.GetDirectories(packs, "8.0.*")
            .Select(dir => (Dir: dir, Version: Version.TryParse(Path.GetFileName(dir), out Version? v) ? v : null))
            .Where(p => p.Version is not null && Directory.Exists(Path.Combine(p.Dir, "ref", "net8.0")))
            .OrderByDescending(p => p.Version)
            .Select(p => Path.Combine(p.Dir, "ref", "net8.0"))
            .FirstOrDefault() ?? throw new DirectoryNotFoundException($"no .NET 8 reference pack under {packs}: restore tests/Eddy.Tests.Net8 first.");

        return
        [
            .. Directory.GetFiles(pack, "*.dll").Select(path => (MetadataReference)MetadataReference.CreateFromFile(path)),
            .. typeof(SnippetCompiler).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
                .Where(a => a.Key == "Net8Reference")
                .Select(a => (MetadataReference)MetadataReference.CreateFromFile(Existing("Net8Reference", a.Value!))),
        ];
    }

    private static ImmutableArray<MetadataReference> NetStandardReferences() =>
    [
        MetadataReference.CreateFromFile(Metadata("NetStandardReference")),
        MetadataReference.CreateFromFile(Metadata("EddyNetStandardBuild")),
    ];

    private static string Metadata(string key) =>
        Existing(key, typeof(SnippetCompiler).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!);

    private static string Existing(string key, string path)
    {
        path = Path.GetFullPath(path);
        return File.Exists(path) || Directory.Exists(path) ? path : throw new FileNotFoundException($"{key} is not built: build the solution first.", path);
    }
}

/// <summary>The builds a block is compiled against.</summary>
public enum DocFramework
{
    Net10,
    Net8,
    NetStandard21,
}

/// <summary>One cell of the doc-test matrix: a framework and a C# version.</summary>
public readonly record struct DocTarget(DocFramework Framework, LanguageVersion Language)
{
    public override string ToString() => Framework switch
    {
        DocFramework.Net10 => "net10.0",
        DocFramework.Net8 => "net8.0",
        _ => "netstandard2.1",
    } + " C# " + Language.ToDisplayString();

    public static DocTarget Parse(string text)
    {
        string[] parts = text.Split(" C# ");
        DocFramework framework = parts[0] switch
        {
            "net10.0" => DocFramework.Net10,
            "net8.0" => DocFramework.Net8,
            "netstandard2.1" => DocFramework.NetStandard21,
            _ => throw new FormatException(text),
        };
        return LanguageVersionFacts.TryParse(parts[1], out LanguageVersion language) ? new DocTarget(framework, language) : throw new FormatException(text);
    }
}

/// <summary>What a block did when it ran.</summary>
public sealed record DocRun(string Output, int Checks, string? Failure, IReadOnlyList<string> ThrownMessages);
