using System;

namespace Eddy.PackageTests.Infrastructure;

/// <summary>A fact that runs only when an environment variable is "1" (slow checks kept out of the normal run).</summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class EnvironmentFactAttribute : FactAttribute
{
    public EnvironmentFactAttribute(string variable)
    {
        if (Environment.GetEnvironmentVariable(variable) != "1")
        {
            Skip = $"set {variable}=1 to run";
        }
    }
}
