using System;
using System.IO;

namespace Eddy.Tests.Shared;

/// <summary>The repository root: the first folder up from the test binaries holding Eddy.slnx.</summary>
public static class RepositoryRoot
{
    private const string Marker = "Eddy.slnx";

    public static string Path { get; } = Find();

    public static string Combine(params string[] parts) => System.IO.Path.Combine([Path, .. parts]);

    private static string Find()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(System.IO.Path.Combine(directory.FullName, Marker)))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No {Marker} above {AppContext.BaseDirectory}.");
    }
}
