-- Issue 27 (materials from the BOM): the lines of the released BOM revision of each style a
-- customer order names, for the order's receiving company only (the factory plans materials). The
-- BOM is that of the company that placed the order (buyer_client_id; the factory's own for its own
-- orders): per style the released BOM (status 100) with the highest revision, newest first on a tie.
-- SECURITY DEFINER: the factory never reads the brand's development tables, only these lines.
CREATE OR REPLACE FUNCTION plm_order_bom_lines(p_order uuid)
  RETURNS TABLE (style_code text, bom_code text, revision integer, colour_code text, colour_name_en text, colour_name_zh text,
                 material_code text, material_name text, consumption numeric, wastage_pct numeric, unit text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
  WITH o AS (
    SELECT co.id, coalesce(nullif(co.buyer_client_id, '')::uuid, co.client_id) AS owner
      FROM ord_customer_order co
     WHERE co.id = p_order AND co.client_id = seamline_client_id()
  ), wanted AS (
    SELECT DISTINCT upper(l.style_code) AS code FROM ord_customer_order_lines l JOIN o ON o.id = l.parent_id
  ), boms AS (
    SELECT DISTINCT ON (s.id) s.code AS style_code, b.id, b.code, b.revision
      FROM o
      JOIN plm_style s ON s.client_id = o.owner
      JOIN wanted w ON w.code = upper(s.code)
      JOIN plm_bom b ON b.client_id = o.owner AND b.style_id = s.id AND b.status = '100'
     ORDER BY s.id, b.revision DESC, b.created_at DESC
  )
  SELECT b.style_code::text, b.code::text, b.revision, c.code::text, c.name_en::text, c.name_zh::text,
         m.code::text, m.name::text, l.consumption, l.wastage_pct, l.unit::text
    FROM boms b
    JOIN plm_bom_lines l ON l.parent_id = b.id
    JOIN md_material m ON m.id = l.material_id
    LEFT JOIN plm_colour c ON c.id = l.colour_id
   ORDER BY b.style_code, l.seq
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION plm_order_bom_lines(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION plm_order_bom_lines(uuid) TO seamline_app;
