using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace Eddy.Benchmarks.Tests;

/// <summary>
/// Runs benchmark methods once by reflection, the way BenchmarkDotNet would for one invocation: set the
/// parameters, [GlobalSetup], [IterationSetup], the method, [IterationCleanup], [GlobalCleanup].
/// </summary>
internal static class BenchmarkInvoker
{
    public static Assembly BenchmarkAssembly => typeof(Eddy.Benchmarks.Program).Assembly;

    public static IEnumerable<Type> BenchmarkTypes() => BenchmarkAssembly.GetTypes()
        .Where(t => t is { IsClass: true, IsAbstract: false } && BenchmarkMethods(t).Any())
        .OrderBy(t => t.FullName, StringComparer.Ordinal);

    public static IEnumerable<MethodInfo> BenchmarkMethods(Type type) => type
        .GetMethods(BindingFlags.Public | BindingFlags.Instance)
        .Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null)
        .OrderBy(m => m.Name, StringComparer.Ordinal);

    /// <summary>
    /// Parameter combinations to smoke-test: numeric parameters take their smallest value (the cheapest run);
    /// enums, strings and booleans take every value, since methods often branch on them.
    /// </summary>
    public static List<Dictionary<MemberInfo, object?>> SmallestParameterSets(Type type)
    {
        var sets = new List<Dictionary<MemberInfo, object?>> { new() };
        foreach (var (member, values) in ParameterValues(type))
        {
            if (values.Count == 0)
            {
                throw new InvalidOperationException($"{type.Name}.{member.Name} has no parameter values.");
            }

            var chosen = values.All(IsNumber) ? [values.Min()] : values;
            sets = sets.SelectMany(set => chosen.Select(value => new Dictionary<MemberInfo, object?>(set) { [member] = value })).ToList();
        }

        return sets;
    }

    /// <summary>Every declared parameter of <paramref name="type"/> with its values, as BenchmarkDotNet would see them now.</summary>
    public static List<(MemberInfo Member, List<object?> Values)> ParameterValues(Type type)
    {
        var result = new List<(MemberInfo, List<object?>)>();
        var members = type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Cast<MemberInfo>()
            .Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance));
        foreach (var member in members)
        {
            var memberType = member is PropertyInfo p ? p.PropertyType : ((FieldInfo)member).FieldType;
            if (member.GetCustomAttribute<ParamsAttribute>() is { } fixedValues)
            {
                result.Add((member, fixedValues.Values.ToList()));
            }
            else if (member.GetCustomAttribute<ParamsSourceAttribute>() is { } source)
            {
                result.Add((member, ReadSource(type, source.Name).Cast<object?>().ToList()));
            }
            else if (member.GetCustomAttribute<ParamsAllValuesAttribute>() is not null)
            {
                var all = memberType == typeof(bool) ? new List<object?> { false, true } : Enum.GetValues(memberType).Cast<object?>().ToList();
                result.Add((member, all));
            }
        }

        return result;
    }

    /// <summary>Runs one benchmark method once with the given parameters and returns what it returned.</summary>
    public static object? RunOnce(MethodInfo benchmark, IReadOnlyDictionary<MemberInfo, object?> parameters)
    {
        var type = benchmark.DeclaringType!;
        object instance = Activator.CreateInstance(type)!;
        foreach (var (member, value) in parameters)
        {
            if (member is PropertyInfo property)
            {
                property.SetValue(instance, value);
            }
            else
            {
                ((FieldInfo)member).SetValue(instance, value);
            }
        }

        InvokeHooks<GlobalSetupAttribute>(instance, benchmark, a => a.Targets);
        InvokeHooks<IterationSetupAttribute>(instance, benchmark, a => a.Targets);
        object? result;
        try
        {
            result = Await(benchmark.Invoke(instance, ArgumentsFor(benchmark)));
        }
        finally
        {
            InvokeHooks<IterationCleanupAttribute>(instance, benchmark, a => a.Targets);
            InvokeHooks<GlobalCleanupAttribute>(instance, benchmark, a => a.Targets);
        }

        return result;
    }

    private static bool IsNumber(object? value) => value is sbyte or byte or short or ushort or int or uint or long or ulong or float or double or decimal;

    private static IEnumerable ReadSource(Type type, string name)
    {
        const BindingFlags Any = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance;
        object? target = null;
        object? value;
        if (type.GetProperty(name, Any) is { } property)
        {
            target = property.GetMethod!.IsStatic ? null : Activator.CreateInstance(type);
            value = property.GetValue(target);
        }
        else if (type.GetMethod(name, Any, Type.EmptyTypes) is { } method)
        {
            target = method.IsStatic ? null : Activator.CreateInstance(type);
            value = method.Invoke(target, null);
        }
        else
        {
            value = type.GetField(name, Any)?.GetValue(null);
        }

        return value as IEnumerable ?? throw new InvalidOperationException($"{type.Name}.{name} is not a parameter source.");
    }

    private static object?[]? ArgumentsFor(MethodInfo benchmark)
    {
        if (benchmark.GetParameters().Length == 0)
        {
            return null;
        }

        if (benchmark.GetCustomAttributes<ArgumentsAttribute>().FirstOrDefault() is { } arguments)
        {
            return arguments.Values;
        }

        if (benchmark.GetCustomAttribute<ArgumentsSourceAttribute>() is { } source)
        {
            object? first = ReadSource(benchmark.DeclaringType!, source.Name).Cast<object?>().First();
            return first as object?[] ?? [first];
        }

        throw new InvalidOperationException($"{benchmark.Name} takes arguments but declares none.");
    }

    private static void InvokeHooks<TAttribute>(object instance, MethodInfo benchmark, Func<TAttribute, string[]> targets)
        where TAttribute : Attribute
    {
        foreach (var hook in instance.GetType().GetMethods(BindingFlags.Public | BindingFlags.Instance))
        {
            if (hook.GetCustomAttribute<TAttribute>() is { } attribute &&
                (targets(attribute) is not { Length: > 0 } names || names.Contains(benchmark.Name)))
            {
                Await(hook.Invoke(instance, null));
            }
        }
    }

    private static object? Await(object? returned)
    {
        switch (returned)
        {
            case Task task:
                task.GetAwaiter().GetResult();
                return task.GetType().IsGenericType ? task.GetType().GetProperty("Result")!.GetValue(task) : null;
            case ValueTask valueTask:
                valueTask.AsTask().GetAwaiter().GetResult();
                return null;
            default:
                // ValueTask<T> and other awaitables are converted through AsTask when present.
                if (returned?.GetType().GetMethod("AsTask", Type.EmptyTypes) is { } asTask)
                {
                    return Await(asTask.Invoke(returned, null));
                }

                return returned;
        }
    }
}
