using System;
using System.Diagnostics;
using System.IO;

namespace Eddy.Tests.Spilling;

/// <summary>
/// A real process spills into a directory of its own and then ends without disposing the stream, each way a
/// process can: killed (SIGKILL on Unix), <see cref="Environment.Exit"/>, <see cref="Environment.FailFast(string)"/>,
/// an unhandled exception, a plain return from Main. Nothing may be left in the directory.
/// </summary>
public sealed class SpillChildProcessTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("eddy-child-").FullName;

    // FailFast may write a core file into the working directory: give the child one of its own.
    private readonly string _workingDirectory = Directory.CreateTempSubdirectory("eddy-child-cwd-").FullName;

    public void Dispose()
    {
        Directory.Delete(_directory, recursive: true);
        Directory.Delete(_workingDirectory, recursive: true);
    }

    [Theory]
    [InlineData(SpillChild.Kill)]
    [InlineData(SpillChild.Exit)]
    [InlineData(SpillChild.FailFast)]
    [InlineData(SpillChild.Unhandled)]
    [InlineData(SpillChild.Return)]
    public void A_process_that_ends_without_Dispose_leaves_no_spill_file(string ending)
    {
        var start = new ProcessStartInfo(Environment.ProcessPath!)
        {
            WorkingDirectory = _workingDirectory,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in new[] { "exec", typeof(SpillChild).Assembly.Location, SpillChild.Verb, ending, _directory })
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment["DOTNET_DbgEnableMiniDump"] = "0";
        using Process child = Process.Start(start)!;
        try
        {
            Assert.Equal(SpillChild.Spilled, child.StandardOutput.ReadLine());
            if (ending == SpillChild.Kill)
            {
                child.Kill();
            }

            Assert.True(child.WaitForExit(30_000), "the child did not end");
            if (ending == SpillChild.Exit || ending == SpillChild.Return)
            {
                Assert.Equal(0, child.ExitCode);
            }
            else
            {
                Assert.NotEqual(0, child.ExitCode);
            }
        }
        finally
        {
            if (!child.HasExited)
            {
                child.Kill();
                child.WaitForExit();
            }
        }

        Assert.Empty(Directory.GetFileSystemEntries(_directory));
    }
}
