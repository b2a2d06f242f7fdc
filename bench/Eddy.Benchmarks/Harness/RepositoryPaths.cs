using System;
using System.IO;

namespace Eddy.Benchmarks.Harness;

/// <summary>Where the repository is and where the benchmark artifacts go (artifacts/bench under its root).</summary>
public static class RepositoryPaths
{
    private const string Marker = "Eddy.slnx";

    /// <summary>The repository root: the first folder up from the working directory, then from the binaries, holding Eddy.slnx.</summary>
    public static string Root { get; } =
        FindUp(Environment.CurrentDirectory) ?? FindUp(AppContext.BaseDirectory) ?? Environment.CurrentDirectory;

    public static string BenchArtifacts => Path.Combine(Root, "artifacts", "bench");

    private static string? FindUp(string start)
    {
        for (var directory = new DirectoryInfo(start); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, Marker)))
            {
                return directory.FullName;
            }
        }

        return null;
    }
}
