using System;
using System.IO;

namespace Eddy.DocTests;

/// <summary>The repository root: the first folder up from the test binaries holding Eddy.slnx.</summary>
public static class RepositoryRoot
{
    public static string Path { get; } = Find();

    private static string Find()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(System.IO.Path.Combine(directory.FullName, "Eddy.slnx")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No Eddy.slnx above {AppContext.BaseDirectory}.");
    }
}
