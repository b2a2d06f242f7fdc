using System;
using System.Reflection;
using System.Runtime.Versioning;
using Eddy.Pooling;

namespace Eddy.Tests;

/// <summary>Proves that a linked run loads the build of Eddy it claims to test, on the runtime it claims.</summary>
public class TargetFrameworkTests
{
#if EDDY_NETSTANDARD
    private const string ExpectedBuild = ".NETStandard,Version=v2.1";
    private const int ExpectedRuntime = 10;
#else
    private const string ExpectedBuild = ".NETCoreApp,Version=v8.0";
    private const int ExpectedRuntime = 8;
#endif

    [Fact]
    public void The_suite_runs_against_the_build_and_runtime_under_test()
    {
        Assert.Equal(ExpectedBuild, typeof(BlockPool).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName);
        Assert.Equal(ExpectedRuntime, Environment.Version.Major);
    }
}
