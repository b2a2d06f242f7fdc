using System;
using System.Collections;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;
using System.Threading.Tasks;

namespace Eddy.PackageTests.Infrastructure;

/// <summary>Runs the dotnet host or an app as a child process with a timeout and captures its output.</summary>
public static class DotnetCli
{
    /// <summary>The dotnet host that runs these tests, so children use the same SDK and runtime.</summary>
    public static string HostPath { get; } = FindHost();

    /// <summary>Runs the dotnet host (SDK commands, or `exec` of an app) with <paramref name="arguments"/>.</summary>
    public static ProcessResult Run(string workingDirectory, TimeSpan timeout, params string[] arguments) =>
        RunExecutable(HostPath, workingDirectory, timeout, arguments);

    /// <summary>Runs the dotnet host with <paramref name="environment"/> set on top of the usual environment.</summary>
    public static ProcessResult Run(string workingDirectory, TimeSpan timeout, IReadOnlyDictionary<string, string> environment, params string[] arguments) =>
        RunExecutable(HostPath, workingDirectory, timeout, environment, arguments);

    /// <summary>Runs any executable, such as a self-contained app, with the same environment and capture.</summary>
    public static ProcessResult RunExecutable(string path, string workingDirectory, TimeSpan timeout, params string[] arguments) =>
        RunExecutable(path, workingDirectory, timeout, new Dictionary<string, string>(), arguments);

    private static ProcessResult RunExecutable(string path, string workingDirectory, TimeSpan timeout, IReadOnlyDictionary<string, string> environment, string[] arguments)
    {
        var start = new ProcessStartInfo(path)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // `dotnet test` leaves MSBuild variables in the environment; a nested build must find its own SDK.
        foreach (DictionaryEntry variable in Environment.GetEnvironmentVariables())
        {
            var name = (string)variable.Key;
            if (name.StartsWith("MSBUILD", StringComparison.OrdinalIgnoreCase) || name.Equals("VSTEST_HOST_DEBUG", StringComparison.Ordinal))
            {
                start.Environment.Remove(name);
            }
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["DOTNET_SKIP_FIRST_TIME_EXPERIENCE"] = "1";
        foreach ((string name, string value) in environment)
        {
            start.Environment[name] = value;
        }

        var output = new StringBuilder();
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => Append(output, e.Data);
        process.ErrorDataReceived += (_, e) => Append(output, e.Data);
        var watch = Stopwatch.StartNew();
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(timeout))
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit();
            return new ProcessResult(-1, Text(output), watch.Elapsed, TimedOut: true);
        }

        // The parameterless wait drains the asynchronous output readers.
        process.WaitForExit();
        return new ProcessResult(process.ExitCode, Text(output), watch.Elapsed, TimedOut: false);
    }

    private static void Append(StringBuilder output, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (output)
        {
            output.AppendLine(line);
        }
    }

    private static string Text(StringBuilder output)
    {
        lock (output)
        {
            return output.ToString();
        }
    }

    private static string FindHost()
    {
        var fromSdk = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        if (!string.IsNullOrEmpty(fromSdk) && File.Exists(fromSdk))
        {
            return fromSdk;
        }

        var current = Environment.ProcessPath;
        if (current is not null && Path.GetFileNameWithoutExtension(current).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            return current;
        }

        return "dotnet";
    }
}
