using Eddy.Tests.Spilling;

namespace Eddy.Tests.Infrastructure;

/// <summary>
/// The test assembly's entry point. The test host never calls it; tests that need a real child process run the
/// assembly with <c>dotnet exec</c> and a verb (GenerateProgramFile is off in the project for this).
/// </summary>
public static class TestProgram
{
    public static int Main(string[] args) =>
        args is [SpillChild.Verb, string ending, string directory] ? SpillChild.Run(ending, directory) : 0;
}
