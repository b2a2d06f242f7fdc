using System.Reflection;
using System.Runtime.Versioning;
using Eddy.Pooling;

namespace Eddy.Tests;

public class TargetFrameworkTests
{
    [Fact]
    public void The_suite_runs_against_the_netstandard21_build_of_Eddy() =>
        Assert.Equal(".NETStandard,Version=v2.1", typeof(BlockPool).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName);
}
