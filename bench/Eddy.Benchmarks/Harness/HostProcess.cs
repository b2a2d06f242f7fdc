using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;

namespace Eddy.Benchmarks.Harness;

/// <summary>Starts the benchmark host again, as a child process, with other arguments.</summary>
public static class HostProcess
{
    /// <summary>The start info for this host with <paramref name="arguments"/>, however it was started.</summary>
    public static ProcessStartInfo StartInfo(IEnumerable<string> arguments)
    {
        string host = Environment.ProcessPath
            ?? throw new InvalidOperationException("The benchmark host's path is unknown, so it cannot start itself again.");
        var start = new ProcessStartInfo(host) { UseShellExecute = false };
        if (string.Equals(Path.GetFileNameWithoutExtension(host), "dotnet", StringComparison.OrdinalIgnoreCase))
        {
            // Started as "dotnet Eddy.Benchmarks.dll": the host needs the assembly again.
            start.ArgumentList.Add(typeof(HostProcess).Assembly.Location);
        }

        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        return start;
    }

    /// <summary>
    /// Runs this host again with the same <paramref name="arguments"/> and the environment variable
    /// <paramref name="variable"/> set to <paramref name="value"/> (a runtime setting read only at start-up); gives its
    /// exit code.
    /// </summary>
    public static int RunAgainWith(IEnumerable<string> arguments, string variable, string value)
    {
        var start = StartInfo(arguments);
        start.Environment[variable] = value;
        return Run(start);
    }

    /// <summary>Runs the child to its end, its output going to this console, and gives its exit code.</summary>
    public static int Run(ProcessStartInfo start)
    {
        using var child = Process.Start(start)
            ?? throw new InvalidOperationException($"Could not start {start.FileName}.");
        child.WaitForExit();
        return child.ExitCode;
    }
}
