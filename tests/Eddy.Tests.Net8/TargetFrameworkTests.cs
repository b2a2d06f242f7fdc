using System;
using System.Reflection;
using System.Runtime.Versioning;
using Eddy.Pooling;

namespace Eddy.Tests;

public class TargetFrameworkTests
{
    [Fact]
    public void The_suite_runs_against_the_net8_build_of_Eddy_on_the_net8_runtime()
    {
        Assert.Equal(".NETCoreApp,Version=v8.0", typeof(BlockPool).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName);
        Assert.Equal(8, Environment.Version.Major);
    }
}
