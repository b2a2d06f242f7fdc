using System;
using System.Diagnostics;
using System.IO;

namespace Eddy.Tests.Spilling;

/// <summary>
/// A real, tiny tmpfs mounted on a fresh directory, for disk-full and read-only conditions. Mounting needs Linux and
/// root (or CAP_SYS_ADMIN); where that is missing <see cref="TryMount"/> returns null and the caller falls back.
/// </summary>
internal sealed class SmallFileSystem : IDisposable
{
    private SmallFileSystem(string path) => Path = path;

    public string Path { get; }

    /// <param name="options">tmpfs mount options, for example <c>size=1m</c> or <c>ro,size=64k</c>.</param>
    public static SmallFileSystem? TryMount(string options)
    {
        if (!OperatingSystem.IsLinux())
        {
            return null;
        }

        string path = Directory.CreateTempSubdirectory("eddy-fs-").FullName;
        if (Run("mount", $"-t tmpfs -o {options} tmpfs {path}"))
        {
            return new SmallFileSystem(path);
        }

        Directory.Delete(path);
        return null;
    }

    /// <summary>Names of the files in the file system right now.</summary>
    public string[] Files() => Directory.GetFiles(Path);

    public void Dispose()
    {
        Run("umount", Path);
        Directory.Delete(Path);
    }

    private static bool Run(string command, string arguments)
    {
        try
        {
            using Process process = Process.Start(new ProcessStartInfo(command, arguments)
            {
                RedirectStandardError = true,
                RedirectStandardOutput = true,
            })!;
            if (!process.WaitForExit(10_000))
            {
                process.Kill();
                return false;
            }

            return process.ExitCode == 0;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return false;
        }
    }
}
