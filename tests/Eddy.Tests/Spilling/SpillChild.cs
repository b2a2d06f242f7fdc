using System;
using System.IO;
using Eddy.FileBuffering;

namespace Eddy.Tests.Spilling;

/// <summary>
/// What the child process of <see cref="SpillChildProcessTests"/> runs: it spills a stream into the directory it is
/// given, says so on standard output, and ends the way it is told, the stream still open.
/// </summary>
internal static class SpillChild
{
    public const string Verb = "spill-child";
    public const string Spilled = "spilled";
    public const string Kill = "kill";
    public const string Exit = "exit";
    public const string FailFast = "failfast";
    public const string Unhandled = "unhandled";
    public const string Return = "return";

    public static int Run(string ending, string directory)
    {
        var stream = new FileBufferingStream(new FileBufferingStreamOptions { MemoryThreshold = 1024, TempDirectory = directory });
        byte[] body = new byte[64 * 1024];
        body.AsSpan().Fill((byte)'B');
        stream.Write(body);
        Console.Out.WriteLine(stream.IsSpilled ? Spilled : "not spilled");
        Console.Out.Flush();
        switch (ending)
        {
            case Kill:
                Console.In.ReadLine(); // the parent kills the process while it waits here
                break;
            case Exit:
                Environment.Exit(0);
                break;
            case FailFast:
                Environment.FailFast("spill child: failing fast with the stream open");
                break;
            case Unhandled:
                throw new InvalidOperationException("spill child: an unhandled exception with the stream open");
        }

        GC.KeepAlive(stream);
        return 0;
    }
}
