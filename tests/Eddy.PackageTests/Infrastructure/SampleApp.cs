using System;
using System.IO;

namespace Eddy.PackageTests.Infrastructure;

/// <summary>
/// A sample under samples/, built by the normal build (the test project references it without its assembly)
/// in the same configuration as the tests.
/// </summary>
public static class SampleApp
{
    /// <summary>Release or Debug: the folder above the tests' target framework folder.</summary>
    public static string Configuration { get; } = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar)).Parent!.Name;

    public static string ProjectDirectory(string name) => RepositoryRoot.Combine("samples", name);

    public static string AssemblyPath(string name) =>
        Path.Combine(ProjectDirectory(name), "bin", Configuration, "net10.0", name + ".dll");

    /// <summary>Runs the built sample with `dotnet exec` and returns what it did.</summary>
    public static ProcessResult Run(string name, TimeSpan timeout, params string[] arguments)
    {
        var assembly = AssemblyPath(name);
        if (!File.Exists(assembly))
        {
            throw new FileNotFoundException($"The sample {name} is not built; build the solution or the test project first.", assembly);
        }

        return DotnetCli.Run(ProjectDirectory(name), timeout, ["exec", assembly, .. arguments]);
    }
}
