using System;
using System.IO;
using System.Linq;
using Eddy.PackageTests.Infrastructure;

namespace Eddy.PackageTests;

/// <summary>
/// Packs src/Eddy, src/Eddy.Extensions.ObjectPool, src/Eddy.Extensions.DependencyInjection and src/Eddy.AspNetCore once for the package tests, into a folder of its own so parallel runs never share an output.
/// </summary>
public sealed class PackageFixture : IDisposable
{
    private static readonly TimeSpan s_packTimeout = TimeSpan.FromMinutes(4);

    public PackageFixture()
    {
        OutputDirectory = Path.Combine(Path.GetTempPath(), "eddy-pack-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(OutputDirectory);
        (Pack, PackagePath) = PackProject("src/Eddy/Eddy.csproj", OutputDirectory);
        (ExtensionPack, ExtensionPackagePath) = PackProject(
            "src/Eddy.Extensions.ObjectPool/Eddy.Extensions.ObjectPool.csproj", Path.Combine(OutputDirectory, "extensions"));
        (DependencyInjectionPack, DependencyInjectionPackagePath) = PackProject(
            "src/Eddy.Extensions.DependencyInjection/Eddy.Extensions.DependencyInjection.csproj", Path.Combine(OutputDirectory, "dependency-injection"));
        (AspNetCorePack, AspNetCorePackagePath) = PackProject(
            "src/Eddy.AspNetCore/Eddy.AspNetCore.csproj", Path.Combine(OutputDirectory, "aspnetcore"));
    }

    public string OutputDirectory { get; }

    public ProcessResult Pack { get; }

    /// <summary>The .nupkg produced, or null when the pack failed (the tests then show <see cref="Pack"/>).</summary>
    public string? PackagePath { get; }

    public ProcessResult ExtensionPack { get; }

    /// <summary>The Eddy.Extensions.ObjectPool .nupkg, or null when its pack failed.</summary>
    public string? ExtensionPackagePath { get; }

    public ProcessResult DependencyInjectionPack { get; }

    /// <summary>The Eddy.Extensions.DependencyInjection .nupkg, or null when its pack failed.</summary>
    public string? DependencyInjectionPackagePath { get; }

    public ProcessResult AspNetCorePack { get; }

    /// <summary>The Eddy.AspNetCore .nupkg, or null when its pack failed.</summary>
    public string? AspNetCorePackagePath { get; }

    /// <summary>Packs one project into a folder of its own; the path is null when the pack produced no package.</summary>
    private static (ProcessResult Result, string? Package) PackProject(string project, string directory)
    {
        var result = DotnetCli.Run(
            RepositoryRoot.Path,
            s_packTimeout,
            "pack", project, "-c", "Release", "-o", directory,
            "--disable-build-servers", "-v", "quiet", "-p:ContinuousIntegrationBuild=true");
        var package = Directory.Exists(directory) ? Directory.EnumerateFiles(directory, "*.nupkg").SingleOrDefault() : null;
        return (result, package);
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(OutputDirectory, recursive: true);
        }
        catch (IOException)
        {
            // A temp folder left behind is harmless; never fail a run for it.
        }
    }
}
