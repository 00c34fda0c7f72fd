import { useQuery } from '@tanstack/react-query';
import { ORDER_LIMITS } from '@trackit/contract/order-constants';
import { AutoComplete, Flex, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { textCount } from '../../components/text-count';
import { placesQuery } from './order.queries';

/** Typing settles this long before places are asked for. */
export const PLACE_DEBOUNCE_MS = 400;
/** The map service's keyword is at most this long. */
const KEYWORD_MAX = 50;

export interface OrderPlaceInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** From the Form.Item: its label names the text field. */
  id?: string;
}

/**
 * The job's place: a text field that suggests places from the map service as the member types, when
 * the server has one set up (GET /v1/places answers `enabled`); otherwise, or when the service fails, a
 * plain text field. A suggestion fills in its name and address.
 */
export function OrderPlaceInput({ value = '', onChange, id }: OrderPlaceInputProps) {
  const [keyword, setKeyword] = useState('');
  // Once the server says there is no map service, nothing more is asked.
  const [disabled, setDisabled] = useState(false);

  useEffect(() => {
    const text = value.trim().slice(0, KEYWORD_MAX);
    const timer = setTimeout(() => setKeyword(text), PLACE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const places = useQuery({ ...placesQuery(keyword), enabled: !disabled && keyword.length > 0 });
  useEffect(() => {
    if (places.data && !places.data.enabled) setDisabled(true);
  }, [places.data]);

  const inputProps = {
    count: textCount(ORDER_LIMITS.placeLength, false),
    autoComplete: 'off',
    'data-testid': 'order-place-input',
  };
  const items = places.data?.enabled ? places.data.items : [];
  const options = items.map((place) => {
    const full = [place.name, place.address].filter(Boolean).join('，');
    return {
      value: full,
      label: (
        <Flex vertical>
          <span>{place.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {[place.city, place.address].filter(Boolean).join(' ')}
          </Typography.Text>
        </Flex>
      ),
    };
  });

  return (
    // One input whether or not suggestions come: swapping it when the first answer says "no map service"
    // would drop the focus while the member is typing.
    <AutoComplete value={value} options={options} onChange={(next: string) => onChange?.(next)}>
      <Input {...inputProps} id={id} placeholder={disabled ? '工作地点' : '输入地点名称搜索，或直接填写'} />
    </AutoComplete>
  );
}
