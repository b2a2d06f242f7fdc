using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using Eddy.PackageTests.Infrastructure;

namespace Eddy.PackageTests;

/// <summary>`dotnet pack -c Release src/Eddy` produces the documented package; the integration packages are checked too.</summary>
[Collection(SdkBuildCollection.Name)]
public class PackageTests
{
    private static readonly string[] s_targetFrameworks = ["net10.0", "net8.0", "netstandard2.1"];

    // The Portable PDB custom debug information kind that marks a source file embedded in the PDB.
    private static readonly Guid s_embeddedSourceKind = new("0E8A571B-6926-466E-B4AD-8AB04611F5FE");

    private readonly PackageFixture _package;

    public PackageTests(PackageFixture package)
    {
        _package = package;
        Assert.True(package.Pack.ExitCode == 0 && package.PackagePath is not null, "dotnet pack failed: " + package.Pack);
    }

    [Fact]
    public void Nuspec_carries_the_id_version_authors_license_description_and_readme()
    {
        var metadata = ReadNuspec().Root!.Elements().Single(e => e.Name.LocalName == "metadata");
        string Field(string name) => metadata.Elements().Single(e => e.Name.LocalName == name).Value.Trim();

        Assert.Equal("Eddy", Field("id"));
        Assert.Equal(ProjectVersion(), Field("version"));
        Assert.Equal("Eddy contributors", Field("authors"));
        var license = metadata.Elements().Single(e => e.Name.LocalName == "license");
        Assert.Equal("expression", license.Attribute("type")?.Value);
        Assert.Equal("MIT", license.Value.Trim());
        Assert.Contains("Pooled memory", Field("description"), StringComparison.Ordinal);
        Assert.Equal("README.md", Field("readme"));
        Assert.Equal($"Eddy.{ProjectVersion()}.nupkg", Path.GetFileName(_package.PackagePath));
    }

    [Fact]
    public void Nuspec_declares_every_target_framework_with_no_dependency_beyond_the_base_library()
    {
        var dependencies = ReadNuspec().Descendants().Single(e => e.Name.LocalName == "dependencies");
        var groups = dependencies.Elements().Where(e => e.Name.LocalName == "group").ToList();

        Assert.Equal(
            new[] { ".NETStandard2.1", "net10.0", "net8.0" },
            groups.Select(g => g.Attribute("targetFramework")!.Value).Order(StringComparer.Ordinal));
        Assert.DoesNotContain(dependencies.Descendants(), e => e.Name.LocalName == "dependency");
    }

    [Fact]
    public void Package_holds_its_package_page_readme_at_its_root()
    {
        using var zip = ZipFile.OpenRead(_package.PackagePath!);
        var readme = zip.GetEntry("README.md");

        Assert.NotNull(readme);
        using var reader = new StreamReader(readme.Open());
        Assert.Equal(File.ReadAllText(RepositoryRoot.Combine("src/Eddy/README.md")), reader.ReadToEnd());
    }

    /// <summary>A package page (nuget.org) resolves no link relative to the repository and renders no SVG.</summary>
    [Fact]
    public void Every_package_readme_has_no_relative_link_and_no_image()
    {
        var packages = new[] { _package.PackagePath, _package.ExtensionPackagePath, _package.DependencyInjectionPackagePath, _package.AspNetCorePackagePath };
        var offenders = new List<string>();
        foreach (var path in packages)
        {
            Assert.NotNull(path);
            using var zip = ZipFile.OpenRead(path!);
            using var reader = new StreamReader(zip.GetEntry("README.md")!.Open());
            var text = reader.ReadToEnd();
            foreach (Match link in Regex.Matches(text, @"(!?)\[[^\]]*\]\(([^)\s]+)"))
            {
                if (link.Groups[1].Value == "!" || !link.Groups[2].Value.StartsWith("https://", StringComparison.Ordinal))
                {
                    offenders.Add(Path.GetFileName(path) + ": " + link.Value);
                }
            }

            if (text.Contains("<img", StringComparison.OrdinalIgnoreCase))
            {
                offenders.Add(Path.GetFileName(path) + ": <img>");
            }
        }

        Assert.True(offenders.Count == 0, "links or images a package page cannot show:\n" + string.Join("\n", offenders));
    }

    [Fact]
    public void Every_target_framework_has_the_assembly_and_its_xml_docs_and_nothing_else()
    {
        using var zip = ZipFile.OpenRead(_package.PackagePath!);
        var libFiles = zip.Entries.Select(e => e.FullName).Where(n => n.StartsWith("lib/", StringComparison.Ordinal)).Order(StringComparer.Ordinal);

        var expected = s_targetFrameworks.SelectMany(t => new[] { $"lib/{t}/Eddy.dll", $"lib/{t}/Eddy.xml" }).Order(StringComparer.Ordinal);
        Assert.Equal(expected, libFiles);
        foreach (var framework in s_targetFrameworks)
        {
            var docs = LoadEntry(zip, $"lib/{framework}/Eddy.xml");
            Assert.Equal("Eddy", docs.Root!.Element("assembly")!.Element("name")!.Value);
            Assert.Contains(
                docs.Root.Element("members")!.Elements("member"),
                m => m.Attribute("name")!.Value.StartsWith("T:Eddy.Buffers.PooledBufferWriter`1", StringComparison.Ordinal));
        }
    }

    [Theory]
    [InlineData("net10.0")]
    [InlineData("net8.0")]
    [InlineData("netstandard2.1")]
    public void Assembly_is_deterministic_with_an_embedded_pdb_holding_the_sources(string framework)
    {
        using var zip = ZipFile.OpenRead(_package.PackagePath!);
        using var image = new MemoryStream();
        using (var entry = zip.GetEntry($"lib/{framework}/Eddy.dll")!.Open())
        {
            entry.CopyTo(image);
        }

        image.Position = 0;
        using var pe = new PEReader(image);
        var debugDirectory = pe.ReadDebugDirectory();
        Assert.Contains(debugDirectory, d => d.Type == DebugDirectoryEntryType.Reproducible);
        var embedded = Assert.Single(debugDirectory, d => d.Type == DebugDirectoryEntryType.EmbeddedPortablePdb);

        using var pdbProvider = pe.ReadEmbeddedPortablePdbDebugDirectoryData(embedded);
        var pdb = pdbProvider.GetMetadataReader();
        var embeddedSources = pdb.CustomDebugInformation
            .Select(pdb.GetCustomDebugInformation)
            .Count(info => info.Parent.Kind == HandleKind.Document && pdb.GetGuid(info.Kind) == s_embeddedSourceKind);
        Assert.True(embeddedSources > 0, "the embedded PDB holds no source file");
        Assert.Equal(pdb.Documents.Count, embeddedSources);
    }

    [Fact]
    public void Every_member_of_every_packed_xml_doc_has_at_most_one_summary()
    {
        // Partial declarations each with a <summary> concatenate in the XML, and IDEs show only the first one.
        var offenders = PackagePaths()
            .SelectMany(path =>
            {
                using var zip = ZipFile.OpenRead(path);
                return zip.Entries
                    .Where(e => e.FullName.StartsWith("lib/", StringComparison.Ordinal) && e.FullName.EndsWith(".xml", StringComparison.Ordinal))
                    .SelectMany(e => LoadEntry(zip, e.FullName).Root!.Element("members")!.Elements("member")
                        .Where(m => m.Elements("summary").Count() > 1)
                        .Select(m => $"{e.FullName}: {m.Attribute("name")!.Value}"))
                    .ToList();
            })
            .ToList();

        Assert.True(offenders.Count == 0, "members with more than one <summary>:\n" + string.Join("\n", offenders));
    }

    [Fact]
    public void Embedded_pdbs_name_source_files_by_mapped_paths_not_the_build_machine_s()
    {
        // Stack traces and debuggers show the PDB's document names: they must not reveal where the package was built.
        foreach (string path in PackagePaths())
        {
            using var zip = ZipFile.OpenRead(path);
            foreach (var dll in zip.Entries.Where(e => e.FullName.StartsWith("lib/", StringComparison.Ordinal) && e.FullName.EndsWith(".dll", StringComparison.Ordinal)))
            {
                using var image = new MemoryStream();
                using (var entry = dll.Open())
                {
                    entry.CopyTo(image);
                }

                image.Position = 0;
                using var pe = new PEReader(image);
                var embedded = pe.ReadDebugDirectory().Single(d => d.Type == DebugDirectoryEntryType.EmbeddedPortablePdb);
                using var pdbProvider = pe.ReadEmbeddedPortablePdbDebugDirectoryData(embedded);
                var pdb = pdbProvider.GetMetadataReader();
                foreach (var document in pdb.Documents.Select(pdb.GetDocument))
                {
                    string name = pdb.GetString(document.Name);
                    Assert.True(name.StartsWith("/_/", StringComparison.Ordinal), $"{dll.FullName} in {Path.GetFileName(path)} names {name}");
                    Assert.DoesNotContain(RepositoryRoot.Path, name, StringComparison.Ordinal);
                }
            }
        }
    }

    [Fact]
    public void Object_pool_package_depends_on_eddy_and_the_object_pool_for_every_target()
    {
        Assert.True(_package.ExtensionPack.ExitCode == 0 && _package.ExtensionPackagePath is not null, "dotnet pack failed: " + _package.ExtensionPack);
        using var zip = ZipFile.OpenRead(_package.ExtensionPackagePath);
        var nuspec = LoadEntry(zip, "Eddy.Extensions.ObjectPool.nuspec");
        var metadata = nuspec.Root!.Elements().Single(e => e.Name.LocalName == "metadata");

        Assert.Equal("Eddy.Extensions.ObjectPool", metadata.Elements().Single(e => e.Name.LocalName == "id").Value);
        Assert.Equal("README.md", metadata.Elements().Single(e => e.Name.LocalName == "readme").Value);
        Assert.NotNull(zip.GetEntry("README.md"));
        var groups = metadata.Descendants().Where(e => e.Name.LocalName == "group").ToList();
        Assert.Equal(3, groups.Count);
        foreach (var group in groups)
        {
            var dependencies = group.Elements()
                .Select(d => d.Attribute("id")!.Value + " " + d.Attribute("version")!.Value)
                .Order(StringComparer.Ordinal);
            Assert.Equal([$"Eddy {ProjectVersion()}", "Microsoft.Extensions.ObjectPool 11.0.0"], dependencies);
        }

        foreach (var framework in s_targetFrameworks)
        {
            Assert.NotNull(zip.GetEntry($"lib/{framework}/Eddy.Extensions.ObjectPool.dll"));
            Assert.NotNull(zip.GetEntry($"lib/{framework}/Eddy.Extensions.ObjectPool.xml"));
        }
    }

    [Fact]
    public void Dependency_injection_package_depends_on_eddy_and_the_di_abstractions_for_every_target()
    {
        Assert.True(
            _package.DependencyInjectionPack.ExitCode == 0 && _package.DependencyInjectionPackagePath is not null,
            "dotnet pack failed: " + _package.DependencyInjectionPack);
        using var zip = ZipFile.OpenRead(_package.DependencyInjectionPackagePath);
        var nuspec = LoadEntry(zip, "Eddy.Extensions.DependencyInjection.nuspec");
        var metadata = nuspec.Root!.Elements().Single(e => e.Name.LocalName == "metadata");
        string Field(string name) => metadata.Elements().Single(e => e.Name.LocalName == name).Value.Trim();

        Assert.Equal("Eddy.Extensions.DependencyInjection", Field("id"));
        Assert.Equal(ProjectVersion(), Field("version"));
        Assert.Equal("MIT", Field("license"));
        Assert.Equal("README.md", Field("readme"));
        using (var reader = new StreamReader(zip.GetEntry("README.md")!.Open()))
        {
            Assert.Equal(File.ReadAllText(RepositoryRoot.Combine("src", "Eddy.Extensions.DependencyInjection", "README.md")), reader.ReadToEnd());
        }

        var groups = metadata.Descendants().Where(e => e.Name.LocalName == "group").ToList();
        Assert.Equal(
            new[] { ".NETStandard2.1", "net10.0", "net8.0" },
            groups.Select(g => g.Attribute("targetFramework")!.Value).Order(StringComparer.Ordinal));
        foreach (var group in groups)
        {
            var dependencies = group.Elements()
                .Select(d => d.Attribute("id")!.Value + " " + d.Attribute("version")!.Value)
                .Order(StringComparer.Ordinal);
            Assert.Equal([$"Eddy {ProjectVersion()}", "Microsoft.Extensions.DependencyInjection.Abstractions 10.0.14"], dependencies);
        }

        var libFiles = zip.Entries.Select(e => e.FullName).Where(n => n.StartsWith("lib/", StringComparison.Ordinal)).Order(StringComparer.Ordinal);
        var expected = s_targetFrameworks
            .SelectMany(t => new[] { $"lib/{t}/Eddy.Extensions.DependencyInjection.dll", $"lib/{t}/Eddy.Extensions.DependencyInjection.xml" })
            .Order(StringComparer.Ordinal);
        Assert.Equal(expected, libFiles);
        foreach (var framework in s_targetFrameworks)
        {
            var docs = LoadEntry(zip, $"lib/{framework}/Eddy.Extensions.DependencyInjection.xml");
            Assert.Contains(
                docs.Root!.Element("members")!.Elements("member"),
                m => m.Attribute("name")!.Value.StartsWith("M:Microsoft.Extensions.DependencyInjection.EddyServiceCollectionExtensions.AddEddy", StringComparison.Ordinal));
        }
    }

    private string[] PackagePaths()
    {
        Assert.True(
            _package.ExtensionPackagePath is not null && _package.DependencyInjectionPackagePath is not null && _package.AspNetCorePackagePath is not null,
            "an integration package failed to pack");
        return [_package.PackagePath!, _package.ExtensionPackagePath, _package.DependencyInjectionPackagePath, _package.AspNetCorePackagePath];
    }

    private XDocument ReadNuspec()
    {
        using var zip = ZipFile.OpenRead(_package.PackagePath!);
        return LoadEntry(zip, "Eddy.nuspec");
    }

    private static XDocument LoadEntry(ZipArchive zip, string name)
    {
        var entry = zip.GetEntry(name);
        Assert.True(entry is not null, $"{name} is missing from the package");
        using var stream = entry.Open();
        return XDocument.Load(stream);
    }

    private static string ProjectVersion() =>
        XDocument.Load(RepositoryRoot.Combine("src", "Eddy", "Eddy.csproj")).Descendants("Version").Single().Value.Trim();
}
