using System;

namespace Eddy.PackageTests.Infrastructure;

/// <summary>What a child process did: its exit code, its interleaved stdout and stderr, and how long it took.</summary>
public sealed record ProcessResult(int ExitCode, string Output, TimeSpan Elapsed, bool TimedOut)
{
    public override string ToString() =>
        $"exit {ExitCode}{(TimedOut ? " (timed out)" : "")} after {Elapsed.TotalSeconds:F1} s\n{Output}";
}
