// .NET 9 added the attribute; net8.0 and netstandard2.1 lack it (Eddy.csproj leaves this file out of the net10.0
// build). A caller's compiler (C# 13 and later) binds to any type with this name, whichever assembly defines it.
namespace System.Runtime.CompilerServices;

[AttributeUsage(AttributeTargets.Method | AttributeTargets.Constructor | AttributeTargets.Property, Inherited = false)]
internal sealed class OverloadResolutionPriorityAttribute : Attribute
{
    public OverloadResolutionPriorityAttribute(int priority)
    {
        Priority = priority;
    }

    public int Priority { get; }
}
