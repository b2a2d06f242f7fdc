using System.Collections.Generic;

namespace Eddy.PackageTests.PublicApi.Samples;

/// <summary>Extension and generic methods with constraints.</summary>
public static class ApiSampleExtensions
{
    public static TItem[] Repeat<TItem>(this TItem item, int count)
        where TItem : struct, System.IComparable<TItem>
    {
        var items = new TItem[count];
        System.Array.Fill(items, item);
        return items;
    }

    public static TList Fresh<TList>()
        where TList : class, ICollection<int>, new() => new();
}
