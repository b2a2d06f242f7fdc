using System;
using System.IO;
using System.Linq;
using Eddy.PackageTests.Infrastructure;

namespace Eddy.PackageTests;

/// <summary>
/// Packs src/Eddy, src/Eddy.Extensions.ObjectPool and src/Eddy.Extensions.DependencyInjection once for the package tests, into a folder of its own so parallel runs never share an output.
/// </summary>
public sealed class PackageFixture : IDisposable
{
    private static readonly TimeSpan s_packTimeout = TimeSpan.FromMinutes(4);

    public PackageFixture()
    {
        OutputDirectory = Path.Combine(Path.GetTempPath(), "eddy-pack-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(OutputDirectory);
        Pack = DotnetCli.Run(
            RepositoryRoot.Path,
            s_packTimeout,
            "pack", "src/Eddy/Eddy.csproj", "-c", "Release", "-o", OutputDirectory,
            "--disable-build-servers", "-v", "quiet", "-p:ContinuousIntegrationBuild=true");
        PackagePath = Directory.EnumerateFiles(OutputDirectory, "*.nupkg").SingleOrDefault();

        var extensionDirectory = Path.Combine(OutputDirectory, "extensions");
        ExtensionPack = DotnetCli.Run(
            RepositoryRoot.Path,
            s_packTimeout,
            "pack", "src/Eddy.Extensions.ObjectPool/Eddy.Extensions.ObjectPool.csproj", "-c", "Release", "-o", extensionDirectory,
            "--disable-build-servers", "-v", "quiet", "-p:ContinuousIntegrationBuild=true");
        ExtensionPackagePath = Directory.Exists(extensionDirectory) ? Directory.EnumerateFiles(extensionDirectory, "*.nupkg").SingleOrDefault() : null;

        var dependencyInjectionDirectory = Path.Combine(OutputDirectory, "dependency-injection");
        DependencyInjectionPack = DotnetCli.Run(
            RepositoryRoot.Path,
            s_packTimeout,
            "pack", "src/Eddy.Extensions.DependencyInjection/Eddy.Extensions.DependencyInjection.csproj", "-c", "Release", "-o", dependencyInjectionDirectory,
            "--disable-build-servers", "-v", "quiet", "-p:ContinuousIntegrationBuild=true");
        DependencyInjectionPackagePath = Directory.Exists(dependencyInjectionDirectory)
            ? Directory.EnumerateFiles(dependencyInjectionDirectory, "*.nupkg").SingleOrDefault()
            : null;
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
